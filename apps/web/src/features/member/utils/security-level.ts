import type { SecurityOverview } from '../api/get-security-overview';

export type SecurityLevel = 'low' | 'medium' | 'high';

/** The protections a member can add beyond the login password. */
export function securityScore(overview: SecurityOverview): { done: number; total: number } {
  const checks = [
    overview.hasPaymentPassword,
    overview.mobile.verified,
    overview.email.verified,
    overview.boundBankAccountCount > 0,
    overview.fullNameSet,
    overview.birthdaySet,
  ];
  return { done: checks.filter(Boolean).length, total: checks.length };
}

/** Low under half, high when everything is set. */
export function securityLevel(overview: SecurityOverview): SecurityLevel {
  const { done, total } = securityScore(overview);
  if (done === total) return 'high';
  return done * 2 >= total ? 'medium' : 'low';
}
