import type { SpinResult } from '@kismat/game-math/slots/spin';
import { verifyRound } from '@kismat/game-math/verify-round';

export interface SlotVerifyInput {
  titleId: string;
  totalBetMinor: string;
  serverSeedHex: string;
  commitmentHex: string;
  clientSeed: string;
  nonce: string;
}

export type SlotVerifyOutcome =
  | { ok: true; isCommitmentValid: boolean; spin: SpinResult }
  | { ok: false; error: 'BAD_SEED_INPUTS' | 'UNKNOWN_TITLE' | 'NOT_A_BET_LEVEL' | 'BAD_NONCE' | 'BAD_BET' };

/** Replays a slot round in the browser with the same package the server plays it with. */
export function verifySlotRound(input: SlotVerifyInput): SlotVerifyOutcome {
  const nonceText = input.nonce.trim();
  if (!/^\d{1,15}$/.test(nonceText)) return { ok: false, error: 'BAD_NONCE' };
  if (!/^\d{1,18}$/.test(input.totalBetMinor.trim())) return { ok: false, error: 'BAD_BET' };
  const result = verifyRound({
    game: 'slot',
    titleId: input.titleId,
    totalBetMinor: BigInt(input.totalBetMinor.trim()),
    serverSeedHex: input.serverSeedHex.trim().toLowerCase(),
    commitmentHex: input.commitmentHex.trim().toLowerCase(),
    clientSeed: input.clientSeed,
    nonce: Number(nonceText),
  });
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
