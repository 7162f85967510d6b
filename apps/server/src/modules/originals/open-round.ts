import type { Language } from '@kismat/contracts/languages';
import type { OriginalGame, OriginalRound } from '@kismat/contracts/originals';
import { type SeedInputs, seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { and, eq } from 'drizzle-orm';
import { originalRounds } from '../../db/schema/originals';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  type FairnessSeedRow,
  findSeedsByIds,
  lockSeedPair,
  type PlayAccounts,
  postHouseStake,
  serverSeedOf,
  takeNextNonce,
} from '../house-games/index';
import { MAX_STAKE_MINOR, MIN_STAKE_MINOR } from './house-edge-setting';
import type { OriginalRoundRow } from './present-original-round';

/** What every original's play carries beside its bet: the player, its accounts, the merchant's edge, the retry key. */
export interface OriginalPlayInput {
  merchantId: number;
  memberId: number;
  accounts: PlayAccounts;
  houseEdgeBp: number;
  idempotencyKey: string;
  now: Date;
  language?: Language;
  utcOffsetMinutes?: number;
}

/** Every original's answer: the round as the player sees it, the balance after it, and whether a retry replayed it. */
export type PlayedRound = { round: OriginalRound; balanceMinor: bigint; isReplay: boolean };

export interface OpenRoundInput {
  merchantId: number;
  memberId: number;
  accounts: PlayAccounts;
  game: OriginalGame;
  stakeMinor: bigint;
  idempotencyKey: string;
  houseEdgeBp: number;
  /** The bet's choices (stored, and compared on a retry with the same key). */
  params: Record<string, unknown>;
  now: Date;
  language?: Language | undefined;
  utcOffsetMinutes?: number | undefined;
}

export interface OpenedRound {
  row: OriginalRoundRow;
  seed: FairnessSeedRow;
  isReplay: boolean;
}

/** Bet choices compared key by key: jsonb stores keys in its own order. */
function sameParams(stored: unknown, params: Record<string, unknown>): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const record = stored as Record<string, unknown>;
  const keys = Object.keys(params);
  return Object.keys(record).length === keys.length && keys.every((key) => record[key] === params[key]);
}

/**
 * The status a round drawn and settled in the same transaction (dice, plinko, the card games) is
 * written with before settleRound sets WON or LOST: never OPEN, because original_rounds_one_open
 * allows one OPEN row per member and an open mines round holds it (a roll beside it would
 * violate the index). No other transaction ever sees this row before it is settled.
 */
export const SETTLING_STATUS = 'LOST' as const;

export function assertStake(stakeMinor: bigint): void {
  if (stakeMinor < MIN_STAKE_MINOR || stakeMinor > MAX_STAKE_MINOR) throw new AppError('ORIGINALS_BET_INVALID');
}

/**
 * The first half of every original's bet, inside the caller's transaction: the member's seed
 * pair locked (a retry racing the original waits here, then finds its round), the next nonce
 * taken, the outcome drawn by `draw` from that nonce, the round row written, the stake moved
 * from the member to the house (or play money to its issuer) and charged to the responsible
 * gambling limits. A retry with the same key returns the first round (isReplay) and moves
 * nothing; the same key with another bet is IDEMPOTENCY_CONFLICT (attack: a replayed request
 * body swapped to a luckier bet). A second open round (mines or Teen Patti, the two-step games)
 * is MINES_ROUND_OPEN or TEEN_PATTI_ROUND_OPEN after the open one's game: the seed lock serialises
 * two starts, so the second sees the first.
 */
export async function openRound(
  tx: Tx,
  input: OpenRoundInput,
  draw: (inputs: SeedInputs) => { status: 'OPEN' | 'WON' | 'LOST'; outcome: Record<string, unknown> },
): Promise<OpenedRound> {
  assertStake(input.stakeMinor);
  const { active: seed } = await lockSeedPair(tx, { memberId: input.memberId, family: 'SLOTS', now: input.now });
  const [previous] = await tx
    .select()
    .from(originalRounds)
    .where(and(eq(originalRounds.memberId, input.memberId), eq(originalRounds.idempotencyKey, input.idempotencyKey)));
  if (previous) {
    const isSameBet = previous.game === input.game && previous.stakeMinor === input.stakeMinor && sameParams(previous.params, input.params);
    if (!isSameBet) throw new AppError('IDEMPOTENCY_CONFLICT');
    const previousSeed = (await findSeedsByIds(tx, [previous.seedId])).get(previous.seedId);
    if (!previousSeed) throw new Error('round seed missing');
    return { row: previous, seed: previousSeed, isReplay: true };
  }
  if (input.game === 'MINES' || input.game === 'TEEN_PATTI') {
    const [open] = await tx
      .select({ id: originalRounds.id, game: originalRounds.game })
      .from(originalRounds)
      .where(and(eq(originalRounds.memberId, input.memberId), eq(originalRounds.status, 'OPEN')));
    if (open) throw new AppError(open.game === 'TEEN_PATTI' ? 'TEEN_PATTI_ROUND_OPEN' : 'MINES_ROUND_OPEN');
  }

  const clientSeed = seed.clientSeed ?? '';
  const nonce = await takeNextNonce(tx, seed);
  const drawn = draw(seedInputsFromHex(serverSeedOf(seed), clientSeed, nonce));
  const [inserted] = await tx
    .insert(originalRounds)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      game: input.game,
      idempotencyKey: input.idempotencyKey,
      seedId: seed.id,
      nonce,
      clientSeed,
      houseEdgeBp: input.houseEdgeBp,
      stakeMinor: input.stakeMinor,
      status: drawn.status,
      params: input.params,
      outcome: drawn.outcome,
      isTrial: input.accounts.isTrial,
      currency: input.accounts.currency,
      openedAt: input.now,
    })
    .returning();
  if (!inserted) throw new Error('original round not written');
  // Limits and exclusion (issue 17) after the ledger locked the member's cash: a refusal rolls the bet back.
  const bet = await postHouseStake(tx, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    accounts: input.accounts,
    idempotencyKey: `original:${inserted.id}:bet`,
    reference: { kind: 'original_round', id: String(inserted.id) },
    metadata: { game: input.game, nonce },
    stakeMinor: input.stakeMinor,
    now: input.now,
    language: input.language,
    utcOffsetMinutes: input.utcOffsetMinutes,
  });
  const [row] = await tx
    .update(originalRounds)
    .set({ betTransferId: bet.transfer.id })
    .where(eq(originalRounds.id, inserted.id))
    .returning();
  if (!row) throw new Error('original round not updated');
  return { row, seed, isReplay: false };
}
