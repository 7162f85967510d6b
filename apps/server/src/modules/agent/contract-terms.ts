import {
  type ContractBasis,
  type ContractPeriod,
  type ContractTermsInput,
  type ContractType,
  DIVIDEND_PERIODS,
  MAX_RATE_BPS,
} from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import type { StoredTier } from '../../db/schema/agent';
import { AppError } from '../../platform/errors';

/** Terms as the rules work on them: money in bigint minor units. */
export interface Tier {
  minValidBet: bigint;
  minActiveMembers: number;
  rateBps: number | null;
  fixedAmount: bigint | null;
}

export interface ContractTerms {
  period: ContractPeriod;
  basis: ContractBasis;
  activeMemberMinBet: bigint;
  tiers: Tier[];
}

const FIXED_PERIOD: Partial<Record<ContractType, ContractPeriod>> = {
  DAILY_SALARY: 'DAILY',
  HOURLY_SALARY: 'HOURLY',
  REALTIME_SALARY: 'FIVE_MINUTES',
};

function invalid(reason: string): AppError {
  return new AppError('CONTRACT_TERMS_INVALID', { value: { reason } });
}

/** Checks terms against the type's rules (docs/agent-contracts.md "Terms") and fills defaults. */
export function normalizeTerms(type: ContractType, input: ContractTermsInput): ContractTerms {
  const fixedPeriod = FIXED_PERIOD[type];
  let period: ContractPeriod;
  if (fixedPeriod) {
    if (input.period && input.period !== fixedPeriod) throw invalid('period');
    period = fixedPeriod;
  } else {
    period = input.period ?? 'MONTHLY';
    if (!(DIVIDEND_PERIODS as readonly string[]).includes(period)) throw invalid('period');
  }
  let basis: ContractBasis;
  if (type === 'DIVIDEND') {
    basis = input.basis ?? 'NET_LOSS';
    if (basis !== 'NET_LOSS') throw invalid('basis');
  } else if (type === 'REALTIME_SALARY') {
    basis = input.basis ?? 'VALID_BET';
    if (basis !== 'VALID_BET') throw invalid('basis');
  } else {
    basis = input.basis ?? 'VALID_BET';
    if (basis === 'NET_LOSS') throw invalid('basis');
  }
  const tiers: Tier[] = input.tiers.map((tier) => ({
    minValidBet: tier.minValidBet,
    minActiveMembers: tier.minActiveMembers,
    rateBps: tier.rateBps ?? null,
    fixedAmount: tier.fixedAmount ?? null,
  }));
  const isFixed = tiers[0]?.fixedAmount !== null;
  // Mixing rates and fixed amounts in one contract would make "the best tier" and "never
  // exceeds the upline" ill-defined, so one contract pays one kind.
  if (tiers.some((tier) => (tier.fixedAmount !== null) !== isFixed)) throw invalid('tier_kind');
  if (isFixed && (type === 'DIVIDEND' || type === 'REALTIME_SALARY')) throw invalid('fixed_amount');
  if (tiers.some((tier) => tier.rateBps !== null && (tier.rateBps < 0 || tier.rateBps > MAX_RATE_BPS))) throw invalid('rate');
  return { period, basis, activeMemberMinBet: input.activeMemberMinBet ?? 0n, tiers };
}

export function storeTiers(tiers: readonly Tier[]): StoredTier[] {
  return tiers.map((tier) => ({
    minValidBet: tier.minValidBet.toString(),
    minActiveMembers: tier.minActiveMembers,
    rateBps: tier.rateBps,
    fixedAmount: tier.fixedAmount === null ? null : tier.fixedAmount.toString(),
  }));
}

export function loadTiers(stored: readonly StoredTier[]): Tier[] {
  return stored.map((tier) => ({
    minValidBet: BigInt(tier.minValidBet),
    minActiveMembers: tier.minActiveMembers,
    rateBps: tier.rateBps,
    fixedAmount: tier.fixedAmount === null ? null : BigInt(tier.fixedAmount),
  }));
}

export function termsOf(row: {
  period: ContractPeriod;
  basis: ContractBasis;
  activeMemberMinBet: bigint;
  tiers: StoredTier[];
}): ContractTerms {
  return { period: row.period, basis: row.basis, activeMemberMinBet: row.activeMemberMinBet, tiers: loadTiers(row.tiers) };
}

export function maxRateOf(tiers: readonly Tier[]): number | null {
  const rates = tiers.flatMap((tier) => (tier.rateBps === null ? [] : [tier.rateBps]));
  return rates.length === 0 ? null : Math.max(...rates);
}

/** A tier's value for comparison: its rate, or its fixed amount. */
function tierValue(tier: Tier): bigint {
  return tier.fixedAmount ?? BigInt(tier.rateBps ?? 0);
}

/**
 * The tier a team reaches: every tier whose thresholds are met qualifies and the best-paying one
 * applies (so tier order in the list does not matter). Null when none is reached.
 */
export function reachedTier(tiers: readonly Tier[], validBet: bigint, activeMembers: number): { index: number; tier: Tier } | null {
  let best: { index: number; tier: Tier } | null = null;
  tiers.forEach((tier, index) => {
    if (validBet < tier.minValidBet || activeMembers < tier.minActiveMembers) return;
    if (!best || tierValue(tier) > tierValue(best.tier)) best = { index, tier };
  });
  return best;
}

/**
 * Whether `offered` can pay more than `own` anywhere. Both are step functions of (valid bet,
 * active members) that only rise with either; the offered one only steps up at its own tier
 * thresholds, so checking each offered tier at its own threshold point against the upline's
 * (monotone) value there proves offered <= own everywhere. Basis, period and kind must match
 * and the downline's active-member minimum may not be easier than the upline's.
 */
export function findExcess(offered: ContractTerms, own: ContractTerms): string | null {
  if (offered.basis !== own.basis) return 'basis';
  if (offered.period !== own.period) return 'period';
  const ownIsFixed = own.tiers[0]?.fixedAmount !== null;
  const offeredIsFixed = offered.tiers[0]?.fixedAmount !== null;
  if (ownIsFixed !== offeredIsFixed) return 'tier_kind';
  if (offered.activeMemberMinBet < own.activeMemberMinBet) return 'active_member_min_bet';
  for (const tier of offered.tiers) {
    const ownTier = reachedTier(own.tiers, tier.minValidBet, tier.minActiveMembers);
    const ownValue = ownTier ? tierValue(ownTier.tier) : 0n;
    if (tierValue(tier) > ownValue) return 'tier';
  }
  return null;
}

export function presentTerms(terms: ContractTerms) {
  return {
    period: terms.period,
    basis: terms.basis,
    activeMemberMinBet: formatAmount(terms.activeMemberMinBet),
    tiers: terms.tiers.map((tier) => ({
      minValidBet: formatAmount(tier.minValidBet),
      minActiveMembers: tier.minActiveMembers,
      rateBps: tier.rateBps,
      fixedAmount: tier.fixedAmount === null ? null : formatAmount(tier.fixedAmount),
    })),
  };
}

/** Stored terms back to the input shape (an invitation's default contract is offered like any offer). */
export function toTermsInput(terms: ContractTerms): ContractTermsInput {
  return {
    period: terms.period,
    basis: terms.basis,
    activeMemberMinBet: terms.activeMemberMinBet,
    tiers: terms.tiers.map((tier) => ({
      minValidBet: tier.minValidBet,
      minActiveMembers: tier.minActiveMembers,
      ...(tier.rateBps !== null ? { rateBps: tier.rateBps } : {}),
      ...(tier.fixedAmount !== null ? { fixedAmount: tier.fixedAmount } : {}),
    })),
  };
}
