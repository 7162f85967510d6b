import { verifyCommitment } from './fair/commitment';
import { SeedInputError, seedInputsFromHex } from './fair/seed-inputs';
import { drawElott } from './lottery/elott';
import type { LotteryDraw, LotteryKind } from './lottery/lottery-types';
import { drawSea } from './lottery/sea';
import { drawVn } from './lottery/vn';
import { findSlotTitle } from './slots/slot-titles';
import { type SpinResult, spin } from './slots/spin';

interface RevealedSeeds {
  readonly serverSeedHex: string;
  /** The hash published before the seed was used. */
  readonly commitmentHex: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

export type RoundToVerify =
  | (RevealedSeeds & { readonly game: 'slot'; readonly titleId: string; readonly totalBetMinor: bigint })
  | (RevealedSeeds & { readonly game: 'lottery'; readonly kind: LotteryKind });

export type VerifiedRound =
  | { readonly ok: true; readonly isCommitmentValid: boolean; readonly spin?: SpinResult; readonly draw?: LotteryDraw }
  | { readonly ok: false; readonly error: 'BAD_SEED_INPUTS' | 'UNKNOWN_TITLE' | 'NOT_A_BET_LEVEL' };

/**
 * What the verify page runs in the player's browser: checks the revealed seed against its
 * commitment and recomputes the round from scratch. The page compares the result with the
 * round record; a mismatch or an invalid commitment is evidence of tampering.
 */
export function verifyRound(round: RoundToVerify): VerifiedRound {
  let seeds: ReturnType<typeof seedInputsFromHex>;
  try {
    seeds = seedInputsFromHex(round.serverSeedHex, round.clientSeed, round.nonce);
  } catch (error) {
    if (error instanceof SeedInputError) return { ok: false, error: 'BAD_SEED_INPUTS' };
    throw error;
  }
  const isCommitmentValid = verifyCommitment(round.serverSeedHex, round.commitmentHex);
  if (round.game === 'lottery') {
    const draw = round.kind === 'ELOTT' ? drawElott(seeds) : round.kind === 'VN' ? drawVn(seeds) : drawSea(seeds);
    return { ok: true, isCommitmentValid, draw };
  }
  const title = findSlotTitle(round.titleId);
  if (!title) return { ok: false, error: 'UNKNOWN_TITLE' };
  if (!title.betLevelsMinor.includes(round.totalBetMinor)) return { ok: false, error: 'NOT_A_BET_LEVEL' };
  return { ok: true, isCommitmentValid, spin: spin(title, seeds, { totalBetMinor: round.totalBetMinor }) };
}
