import type { SecurityOverview } from '../api/get-security-overview';

export type SecurityLevel = 'low' | 'medium' | 'high';

export type SecurityCheck = 'loginPassword' | 'paymentPassword' | 'mobile' | 'email' | 'bank' | 'profile';

/**
 * The six rows of the security centre, each done or not. The score counts these same rows, so
 * "N of 6" can never disagree with the ticks the member sees (it used to leave the login password
 * out and count the profile twice: a member with a password and a bound mobile read "1 of 6").
 */
export function securityChecks(overview: SecurityOverview): Record<SecurityCheck, boolean> {
  return {
    loginPassword: overview.hasLoginPassword,
    paymentPassword: overview.hasPaymentPassword,
    mobile: overview.mobile.verified,
    email: overview.email.verified,
    bank: overview.boundBankAccountCount > 0,
    profile: overview.fullNameSet && overview.birthdaySet,
  };
}

export function securityScore(overview: SecurityOverview): { done: number; total: number } {
  const checks = Object.values(securityChecks(overview));
  return { done: checks.filter(Boolean).length, total: checks.length };
}

/** Low under half, high when everything is set. */
export function securityLevel(overview: SecurityOverview): SecurityLevel {
  const { done, total } = securityScore(overview);
  if (done === total) return 'high';
  return done * 2 >= total ? 'medium' : 'low';
}
