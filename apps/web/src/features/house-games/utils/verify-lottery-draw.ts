import type { LotteryDraw } from '@kismat/game-math/lottery/lottery-types';
import { verifyRound } from '@kismat/game-math/verify-round';
import type { LotteryIssue, LotteryKind } from './house-games-types';
import { readSeedInputs, type SeedInputText } from './seed-inputs';

export interface LotteryVerifyInput extends SeedInputText {
  kind: LotteryKind;
}

export type LotteryVerifyOutcome =
  | { ok: true; isCommitmentValid: boolean; draw: LotteryDraw }
  | { ok: false; error: 'BAD_SEED_INPUTS' | 'BAD_NONCE' };

/** Redraws a lottery issue in the browser with the same package the server draws it with. */
export function verifyLotteryDraw(input: LotteryVerifyInput): LotteryVerifyOutcome {
  const seeds = readSeedInputs(input);
  if (!seeds) return { ok: false, error: 'BAD_NONCE' };
  const result = verifyRound({ game: 'lottery', kind: input.kind, ...seeds });
  if (!result.ok || !result.draw) return { ok: false, error: 'BAD_SEED_INPUTS' };
  return { ok: true, isCommitmentValid: result.isCommitmentValid, draw: result.draw };
}

/** Key order does not matter: the database returns JSON objects with its own key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([left], [right]) => (left < right ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** True when the recomputed draw is the one the server recorded and paid on. */
export function matchesRecordedDraw(draw: LotteryDraw, recorded: LotteryIssue['result']): boolean {
  return recorded !== null && canonical(draw) === canonical(recorded);
}

/**
 * True when the client seed the draw is recomputed with is the issue's published ticket-set hash
 * appended to `<gameCode>:<issueNo>:` (docs/fairness/lottery.md): the draw depended on the
 * tickets closed at the cutoff, not on something the operator could have known earlier.
 */
export function usesTicketSet(clientSeed: string, ticketSetHash: string): boolean {
  return clientSeed.endsWith(`:${ticketSetHash.trim().toLowerCase()}`) && clientSeed.split(':').length === 3;
}
