import { describe, expect, it } from 'vitest';
import type { ContractTerms } from '../api/types';
import { bpsToPercent, draftsFromTerms, percentToBps, toTierInputs, validateTiers } from './contract-tiers';

const upline: ContractTerms = {
  period: 'DAILY',
  basis: 'VALID_BET',
  activeMemberMinBet: '10.00',
  tiers: [
    { minValidBet: '0.00', minActiveMembers: 0, rateBps: 50, fixedAmount: null },
    { minValidBet: '10000.00', minActiveMembers: 5, rateBps: 100, fixedAmount: null },
  ],
};

describe('tier validation: never above the upline', () => {
  it('accepts the upline terms themselves and anything lower', () => {
    expect(validateTiers(toTierInputs(draftsFromTerms(upline), false), upline)).toEqual([]);
    expect(validateTiers([{ minValidBet: '20000', minActiveMembers: 10, rateBps: 100 }], upline)).toEqual([]);
  });

  it('refuses a rate above the upline at the same thresholds, naming the limit', () => {
    const problems = validateTiers([{ minValidBet: '0', minActiveMembers: 0, rateBps: 51 }], upline);
    expect(problems).toEqual([{ index: 0, field: 'pay', reason: 'aboveUpline', kind: 'rate', limit: '0.5' }]);
  });

  it('compares with the upline tier reached at the downline thresholds, not its best tier', () => {
    // 1% is the upline's top rate, but only from 10,000 and 5 active members.
    const problems = validateTiers([{ minValidBet: '9999.99', minActiveMembers: 5, rateBps: 100 }], upline);
    expect(problems[0]).toMatchObject({ reason: 'aboveUpline', limit: '0.5' });
    expect(validateTiers([{ minValidBet: '10000', minActiveMembers: 4, rateBps: 100 }], upline)[0]).toMatchObject({
      reason: 'aboveUpline',
    });
  });

  it('refuses any tier when the agent has no contract of the type', () => {
    expect(validateTiers([{ minValidBet: '0', minActiveMembers: 0, rateBps: 1 }], null)).toEqual([
      { index: 0, field: 'pay', reason: 'noUplineContract' },
    ]);
  });

  it('reports malformed numbers and duplicate thresholds', () => {
    const inputs = toTierInputs(
      [
        { minValidBet: 'abc', minActiveMembers: '1.5', pay: '101' },
        { minValidBet: '0', minActiveMembers: '0', pay: '0.1' },
        { minValidBet: '0', minActiveMembers: '0', pay: '0.2' },
      ],
      false,
    );
    const problems = validateTiers(inputs, upline);
    expect(problems.filter((problem) => problem.index === 0).map((problem) => problem.field)).toEqual([
      'minValidBet',
      'minActiveMembers',
      'pay',
    ]);
    expect(problems).toContainEqual({ index: 2, field: 'minValidBet', reason: 'duplicate' });
  });

  it('checks fixed-amount salaries against fixed amounts', () => {
    const fixed: ContractTerms = { ...upline, tiers: [{ minValidBet: '0.00', minActiveMembers: 0, rateBps: null, fixedAmount: '100.00' }] };
    expect(validateTiers([{ minValidBet: '0', minActiveMembers: 0, fixedAmount: '100' }], fixed)).toEqual([]);
    expect(validateTiers([{ minValidBet: '0', minActiveMembers: 0, fixedAmount: '100.01' }], fixed)[0]).toMatchObject({
      reason: 'aboveUpline',
      kind: 'fixed',
      limit: '100.00',
    });
    expect(validateTiers([{ minValidBet: '0', minActiveMembers: 0, rateBps: 1 }], fixed)[0]).toMatchObject({ reason: 'kindMismatch' });
  });

  it('converts percent and basis points both ways without floats', () => {
    expect(percentToBps('1.25')).toBe(125);
    expect(percentToBps('0.5')).toBe(50);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('100.01')).toBeNull();
    expect(percentToBps('1.234')).toBeNull();
    expect(bpsToPercent(125)).toBe('1.25');
    expect(bpsToPercent(50)).toBe('0.5');
    expect(bpsToPercent(300)).toBe('3');
  });
});
