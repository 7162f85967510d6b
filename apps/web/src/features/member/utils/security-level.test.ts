import { describe, expect, it } from 'vitest';
import type { SecurityOverview } from '../api/get-security-overview';
import { securityChecks, securityLevel, securityScore } from './security-level';

/** A member just registered with a password and an SMS-verified mobile (the seeded default). */
const justRegistered: SecurityOverview = {
  account: 'player01',
  hasLoginPassword: true,
  passwordChangedAt: '2026-01-01T00:00:00.000Z',
  hasPaymentPassword: false,
  mobile: { masked: '+880****5678', verified: true },
  email: { masked: null, verified: false },
  bankAccountCount: 0,
  boundBankAccountCount: 0,
  totpEnabled: false,
  fullNameSet: false,
  birthdaySet: false,
  lastLoginAt: null,
  lastLoginIp: null,
};

describe('security score (issue 12 item 16)', () => {
  it('counts the login password and the bound mobile: 2 of 6, not 1 of 6', () => {
    expect(securityScore(justRegistered)).toEqual({ done: 2, total: 6 });
    expect(securityLevel(justRegistered)).toBe('low');
  });

  it('counts the profile once, when both the full name and the birthday are set', () => {
    expect(securityScore({ ...justRegistered, fullNameSet: true })).toEqual({ done: 2, total: 6 });
    expect(securityScore({ ...justRegistered, fullNameSet: true, birthdaySet: true })).toEqual({ done: 3, total: 6 });
  });

  it('is high only when all six rows are done, and agrees with the rows shown', () => {
    const everything: SecurityOverview = {
      ...justRegistered,
      hasPaymentPassword: true,
      email: { masked: 'p***@example.com', verified: true },
      bankAccountCount: 1,
      boundBankAccountCount: 1,
      fullNameSet: true,
      birthdaySet: true,
    };
    expect(securityScore(everything)).toEqual({ done: 6, total: 6 });
    expect(securityLevel(everything)).toBe('high');
    expect(Object.values(securityChecks(everything)).every(Boolean)).toBe(true);
    expect(securityChecks({ ...justRegistered, hasLoginPassword: false }).loginPassword).toBe(false);
  });
});
