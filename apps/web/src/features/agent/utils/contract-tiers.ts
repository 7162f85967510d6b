import type { ContractTerms, TierInput } from '../api/types';

/** One editable tier: text as typed (percent or fixed amount), parsed on submit. */
export interface TierDraft {
  minValidBet: string;
  minActiveMembers: string;
  pay: string;
}

/** Rates are basis points on the wire (10000 = 100%); the form shows percent with two decimals. */
export const MAX_RATE_BPS = 10_000;

/** "1.25" (percent) -> 125 bp; null when not a percent with at most two decimals in 0..100. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= MAX_RATE_BPS ? bps : null;
}

export function bpsToPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** "1,234.5" -> 123450n minor units; null when not a non-negative amount with at most two decimals. */
export function toMinor(text: string): bigint | null {
  const match = /^(\d{1,14})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

export function formatMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const absolute = minor < 0n ? -minor : minor;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/** What one tier may pay: a rate or a fixed amount (salaries only), as comparable numbers. */
type Pay = { kind: 'rate'; value: bigint } | { kind: 'fixed'; value: bigint };

function payOf(tier: { rateBps?: number | null; fixedAmount?: string | null }): Pay | null {
  if (tier.rateBps !== undefined && tier.rateBps !== null) return { kind: 'rate', value: BigInt(tier.rateBps) };
  const fixed = tier.fixedAmount ? toMinor(tier.fixedAmount) : null;
  return fixed === null ? null : { kind: 'fixed', value: fixed };
}

/**
 * What the upline's own terms pay at a tier's thresholds: the best of its tiers reached with that
 * valid bet and that many active members (the server's rule: the highest-paying reached tier).
 */
export function uplinePayAt(upline: ContractTerms, minValidBet: bigint, minActiveMembers: number): Pay | null {
  let best: Pay | null = null;
  for (const tier of upline.tiers) {
    const threshold = toMinor(tier.minValidBet);
    if (threshold === null || threshold > minValidBet || tier.minActiveMembers > minActiveMembers) continue;
    const pay = payOf(tier);
    if (pay && (!best || pay.value > best.value)) best = pay;
  }
  return best;
}

export type TierProblem =
  | { index: number; field: 'minValidBet' | 'minActiveMembers' | 'pay'; reason: 'invalid' }
  | { index: number; field: 'pay'; reason: 'noUplineContract' }
  | { index: number; field: 'pay'; reason: 'kindMismatch' }
  | { index: number; field: 'pay'; reason: 'aboveUpline'; limit: string; kind: 'rate' | 'fixed' }
  | { index: number; field: 'minValidBet'; reason: 'duplicate' };

/**
 * Checks an offer's tiers before it is sent: every number well formed, no two tiers with the same
 * thresholds, and no tier paying more than the agent's own contract would at the same thresholds
 * (the server refuses that with CONTRACT_EXCEEDS_UPLINE; the form says so first). `upline` null:
 * the agent has no active contract of the type, so it has nothing to pass down.
 */
export function validateTiers(tiers: readonly TierInput[], upline: ContractTerms | null): TierProblem[] {
  const problems: TierProblem[] = [];
  const seen = new Set<string>();
  tiers.forEach((tier, index) => {
    const minValidBet = toMinor(tier.minValidBet);
    if (minValidBet === null) problems.push({ index, field: 'minValidBet', reason: 'invalid' });
    if (!Number.isInteger(tier.minActiveMembers) || tier.minActiveMembers < 0) {
      problems.push({ index, field: 'minActiveMembers', reason: 'invalid' });
    }
    const pay = payOf(tier);
    const isPayValid = pay !== null && (pay.kind === 'fixed' ? pay.value > 0n : pay.value >= 0n && pay.value <= BigInt(MAX_RATE_BPS));
    if (!isPayValid) problems.push({ index, field: 'pay', reason: 'invalid' });
    if (minValidBet === null || !isPayValid || !pay) return;
    const key = `${minValidBet}:${tier.minActiveMembers}`;
    if (seen.has(key)) problems.push({ index, field: 'minValidBet', reason: 'duplicate' });
    seen.add(key);
    if (!upline) {
      problems.push({ index, field: 'pay', reason: 'noUplineContract' });
      return;
    }
    const limit = uplinePayAt(upline, minValidBet, tier.minActiveMembers);
    if (limit && limit.kind !== pay.kind) {
      problems.push({ index, field: 'pay', reason: 'kindMismatch' });
      return;
    }
    const limitValue = limit?.value ?? 0n;
    if (pay.value > limitValue) {
      const kind = limit?.kind ?? pay.kind;
      problems.push({
        index,
        field: 'pay',
        reason: 'aboveUpline',
        kind,
        limit: kind === 'rate' ? bpsToPercent(Number(limitValue)) : formatMinor(limitValue),
      });
    }
  });
  return problems;
}

/** The agent's highest rate, shown beside the offer form as the ceiling. */
export function maxUplineRateBps(upline: ContractTerms | null): number | null {
  if (!upline) return null;
  const rates = upline.tiers.map((tier) => tier.rateBps).filter((rate): rate is number => rate !== null);
  return rates.length > 0 ? Math.max(...rates) : null;
}

/** The form's drafts as the call's tiers; unparsable text becomes a value validateTiers refuses. */
export function toTierInputs(drafts: readonly TierDraft[], isFixed: boolean): TierInput[] {
  return drafts.map((draft) => {
    const members = /^\d{1,7}$/.test(draft.minActiveMembers.trim()) ? Number(draft.minActiveMembers.trim()) : -1;
    const minValidBet = draft.minValidBet.trim().replaceAll(',', '') || '0';
    if (isFixed) return { minValidBet, minActiveMembers: members, fixedAmount: draft.pay.trim().replaceAll(',', '') };
    return { minValidBet, minActiveMembers: members, rateBps: percentToBps(draft.pay) ?? -1 };
  });
}

/** Drafts that start from the agent's own tiers: the most it can pass down. */
export function draftsFromTerms(terms: ContractTerms | null): TierDraft[] {
  if (!terms || terms.tiers.length === 0) return [{ minValidBet: '0', minActiveMembers: '0', pay: '' }];
  return terms.tiers.map((tier) => ({
    minValidBet: tier.minValidBet,
    minActiveMembers: String(tier.minActiveMembers),
    pay: tier.rateBps !== null ? bpsToPercent(tier.rateBps) : (tier.fixedAmount ?? ''),
  }));
}
