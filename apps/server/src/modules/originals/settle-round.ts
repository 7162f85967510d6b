import { ORIGINAL_GAME_CODES, type OriginalGame } from '@kismat/contracts/originals';
import { eq } from 'drizzle-orm';
import { originalRounds } from '../../db/schema/originals';
import type { Tx } from '../../platform/db';
import { type HouseGame, type PlayAccounts, postHousePayout, recordClosedHouseRound } from '../house-games/index';
import type { OriginalRoundRow } from './present-original-round';

/** The round key of an original in game_rounds (unique per vendor). */
export const originalRoundKey = (roundId: number) => `original:${roundId}`;

export function gameCodeOf(game: string): string {
  return ORIGINAL_GAME_CODES[game as OriginalGame];
}

/**
 * The second half of every original, inside the caller's transaction with the round row locked
 * and still OPEN (or just drawn): the payout moved from the house to the member (its transfer
 * keyed by the round, so even a bug calling this twice could not pay twice: the ledger refuses
 * a second `original:<id>:payout`), the closed game round with its loyalty fact (betting records,
 * P/L, agent figures, turnover), the win counted on the responsible-gambling figures (never
 * refused: the stake was charged when it was placed), and the row marked WON or LOST.
 */
export async function settleRound(
  tx: Tx,
  input: {
    row: OriginalRoundRow;
    game: HouseGame;
    accounts: Pick<PlayAccounts, 'memberAccountId' | 'houseAccountId'>;
    multiplier: number;
    payoutMinor: bigint;
    picks?: number[];
    now: Date;
  },
): Promise<OriginalRoundRow> {
  const { row } = input;
  let payoutTransferId: number | null = null;
  if (input.payoutMinor > 0n) {
    const payout = await postHousePayout(tx, {
      merchantId: row.merchantId,
      memberId: row.memberId,
      accounts: { ...input.accounts, isTrial: row.isTrial },
      idempotencyKey: `original:${row.id}:payout`,
      reference: { kind: 'original_round', id: String(row.id) },
      metadata: { game: row.game, nonce: row.nonce },
      payoutMinor: input.payoutMinor,
      now: input.now,
    });
    payoutTransferId = payout.transfer.id;
  }
  await recordClosedHouseRound(tx, input.game, {
    vendorRoundId: originalRoundKey(row.id),
    merchantId: row.merchantId,
    memberId: row.memberId,
    currency: row.currency,
    isTrial: row.isTrial,
    betMinor: row.stakeMinor,
    payoutMinor: input.payoutMinor,
    openedAt: row.openedAt,
    closedAt: input.now,
  });
  const [settled] = await tx
    .update(originalRounds)
    .set({
      status: input.payoutMinor > 0n ? 'WON' : 'LOST',
      multiplier: input.multiplier,
      payoutMinor: input.payoutMinor,
      payoutTransferId,
      settledAt: input.now,
      ...(input.picks ? { picks: input.picks } : {}),
    })
    .where(eq(originalRounds.id, row.id))
    .returning();
  if (!settled) throw new Error('original round not settled');
  return settled;
}
