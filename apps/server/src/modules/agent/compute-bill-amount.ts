import type { ContractType } from '@kismat/contracts/agent';
import { type ContractTerms, reachedTier } from './contract-terms';

export interface TeamPerformance {
  /** Stakes of settled rounds (cancelled and void rounds carry no stake). */
  validBet: bigint;
  /** Stakes - payouts of settled rounds; negative when the team won. */
  netLoss: bigint;
  activeMembers: number;
}

export interface BillAmount {
  tierIndex: number | null;
  rateBps: number | null;
  carryOut: bigint;
  amountDue: bigint;
}

const BPS = 10_000n;

/**
 * What one contract earns for one period (docs/agent-contracts.md "Formulas"). Pure, so the
 * worked examples are unit-tested exactly. Amounts round down to the minor unit: the payer
 * never owes a fraction it cannot pay.
 */
export function computeBillAmount(
  type: ContractType,
  terms: ContractTerms,
  performance: TeamPerformance,
  options: { carryIn: bigint; isCarryOverOn: boolean },
): BillAmount {
  const reached = reachedTier(terms.tiers, performance.validBet, performance.activeMembers);
  if (type === 'DIVIDEND') {
    const base = performance.netLoss + (options.isCarryOverOn ? options.carryIn : 0n);
    const carryOut = options.isCarryOverOn && base < 0n ? base : 0n;
    if (!reached || base <= 0n)
      return { tierIndex: reached?.index ?? null, rateBps: reached?.tier.rateBps ?? null, carryOut, amountDue: 0n };
    const rate = BigInt(reached.tier.rateBps ?? 0);
    return { tierIndex: reached.index, rateBps: reached.tier.rateBps, carryOut, amountDue: (base * rate) / BPS };
  }
  if (!reached || performance.validBet <= 0n)
    return { tierIndex: reached?.index ?? null, rateBps: reached?.tier.rateBps ?? null, carryOut: 0n, amountDue: 0n };
  let base: bigint;
  if (terms.basis === 'LOSS_RATE') base = performance.netLoss > 0n ? performance.netLoss : 0n;
  else if (terms.basis === 'WIN_RATE') base = performance.netLoss < 0n ? -performance.netLoss : 0n;
  else base = performance.validBet;
  if (base === 0n) return { tierIndex: reached.index, rateBps: reached.tier.rateBps, carryOut: 0n, amountDue: 0n };
  const amountDue = reached.tier.fixedAmount ?? (base * BigInt(reached.tier.rateBps ?? 0)) / BPS;
  return { tierIndex: reached.index, rateBps: reached.tier.rateBps, carryOut: 0n, amountDue };
}
