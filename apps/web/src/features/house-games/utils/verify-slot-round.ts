import type { SpinResult } from '@kismat/game-math/slots/spin';
import { verifyRound } from '@kismat/game-math/verify-round';
import { readSeedInputs, type SeedInputText } from './seed-inputs';

export interface SlotVerifyInput extends SeedInputText {
  titleId: string;
  totalBetMinor: string;
}

export type SlotVerifyOutcome =
  | { ok: true; isCommitmentValid: boolean; spin: SpinResult }
  | { ok: false; error: 'BAD_SEED_INPUTS' | 'UNKNOWN_TITLE' | 'NOT_A_BET_LEVEL' | 'BAD_NONCE' | 'BAD_BET' };

/** Replays a slot round in the browser with the same package the server plays it with. */
export function verifySlotRound(input: SlotVerifyInput): SlotVerifyOutcome {
  const seeds = readSeedInputs(input);
  if (!seeds) return { ok: false, error: 'BAD_NONCE' };
  if (!/^\d{1,18}$/.test(input.totalBetMinor.trim())) return { ok: false, error: 'BAD_BET' };
  const result = verifyRound({ game: 'slot', titleId: input.titleId, totalBetMinor: BigInt(input.totalBetMinor.trim()), ...seeds });
  if (!result.ok) return result;
  if (!result.spin) return { ok: false, error: 'UNKNOWN_TITLE' };
  return { ok: true, isCommitmentValid: result.isCommitmentValid, spin: result.spin };
}

/** True when the recomputed spin pays what the server recorded (a money string, "12.50"). */
export function matchesRecordedPayout(spin: SpinResult, recordedPayout: string): boolean {
  const match = /^(\d+)\.(\d{2})$/.exec(recordedPayout);
  if (!match) return false;
  return spin.totalPayoutMinor === BigInt(match[1] ?? '0') * 100n + BigInt(match[2] ?? '0');
}
