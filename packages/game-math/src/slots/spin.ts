import type { HmacSha256Key } from '../crypto/hmac-sha256';
import { FairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import { type CompiledTitle, compileTitle } from './compile-title';
import { type PlayedRound, playBet } from './play-bet';
import type { SlotTitle } from './slot-types';

export interface SlotBet {
  /** Total stake in minor units; must be one of the title's bet levels (coin = total / lines). */
  readonly totalBetMinor: bigint;
}

export type SlotBetCheck = { readonly ok: true; readonly coinMinor: bigint } | { readonly ok: false; readonly reason: 'NOT_A_BET_LEVEL' };

export function validateSlotBet(title: SlotTitle, bet: SlotBet): SlotBetCheck {
  if (typeof bet.totalBetMinor !== 'bigint' || !title.betLevelsMinor.includes(bet.totalBetMinor)) {
    return { ok: false, reason: 'NOT_A_BET_LEVEL' };
  }
  return { ok: true, coinMinor: bet.totalBetMinor / BigInt(title.paylines.length) };
}

export interface LineWin {
  /** Index into title.paylines (0-based). */
  readonly lineIndex: number;
  readonly symbol: string;
  readonly count: number;
  /** Rows of the winning positions on reels 1..count, for drawing the line. */
  readonly rows: readonly number[];
  readonly payoutMinor: bigint;
}

export interface SpinRound {
  /** Reel stops (index of the top visible symbol on each strip). */
  readonly stops: readonly number[];
  /** reels[reel][row], row 0 at the top. */
  readonly reels: readonly (readonly string[])[];
  readonly lineWins: readonly LineWin[];
  readonly scatterCount: number;
  readonly scatterPayoutMinor: bigint;
  /** Free spins this round added (after the per-feature limit). */
  readonly freeSpinsAwarded: number;
  /** 1 in the base game, the title's free-spin multiplier in free spins (already applied to payouts). */
  readonly multiplier: number;
  readonly payoutMinor: bigint;
}

export interface SpinResult {
  readonly titleId: string;
  readonly totalBetMinor: bigint;
  readonly coinMinor: bigint;
  readonly base: SpinRound;
  readonly freeSpins: readonly SpinRound[];
  /** What the bet pays in total, never above maxWinMultiplier x total bet. */
  readonly totalPayoutMinor: bigint;
  readonly isCapped: boolean;
  /** HMAC blocks consumed (cursor 0 .. blocksUsed-1), recorded for audit. */
  readonly blocksUsed: number;
}

/**
 * One paid spin and the whole free-spin feature it triggers, from one seed/nonce: reel stops
 * are uniform per reel from the fair stream, base game first, then each free spin in order,
 * all from the same stream. Same inputs, same result, in Node and in the browser.
 * Throws RangeError when the bet is not one of the title's levels.
 */
export function spin(title: SlotTitle, seeds: SeedInputs, bet: SlotBet, key?: HmacSha256Key): SpinResult {
  const check = validateSlotBet(title, bet);
  if (!check.ok) throw new RangeError(`${bet.totalBetMinor} is not a bet level of ${title.id}`);
  const compiled = compileTitle(title);
  const stream = new FairStream(seeds, key);
  const played = playBet(compiled, stream);
  return {
    titleId: title.id,
    totalBetMinor: bet.totalBetMinor,
    coinMinor: check.coinMinor,
    base: toRound(compiled, played.base, check.coinMinor),
    freeSpins: played.freeSpins.map((round) => toRound(compiled, round, check.coinMinor)),
    totalPayoutMinor: BigInt(played.paidCoins) * check.coinMinor,
    isCapped: played.isCapped,
    blocksUsed: stream.blocksUsed,
  };
}

function toRound(compiled: CompiledTitle, round: PlayedRound, coinMinor: bigint): SpinRound {
  const factor = BigInt(round.multiplier) * coinMinor;
  return {
    stops: round.stops,
    reels: round.grid.map((column) => Array.from(column, (symbol) => compiled.symbolIds[symbol]!)),
    lineWins: round.evaluation.lineHits.map((hit) => ({
      lineIndex: hit.lineIndex,
      symbol: compiled.symbolIds[hit.symbol]!,
      count: hit.count,
      rows: Array.from(compiled.paylines[hit.lineIndex]!.subarray(0, hit.count)),
      payoutMinor: BigInt(hit.pay) * factor,
    })),
    scatterCount: round.evaluation.scatterCount,
    scatterPayoutMinor: BigInt(round.evaluation.scatterCoins) * factor,
    freeSpinsAwarded: round.freeSpinsAdded,
    multiplier: round.multiplier,
    payoutMinor: BigInt(round.coins) * coinMinor,
  };
}
