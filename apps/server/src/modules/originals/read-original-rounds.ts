import type { OriginalGame } from '@kismat/contracts/originals';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { originalRounds } from '../../db/schema/originals';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { pageOfRows } from '../../platform/page-of-rows';
import { findSeedsByIds } from '../house-games/index';
import { type OriginalRoundRow, presentOriginalRound } from './present-original-round';

/** Rows presented with their seed's commitment (one read of the seed rows for the page). */
async function present(db: Db, rows: OriginalRoundRow[]) {
  const seeds = await findSeedsByIds(
    db,
    rows.map((row) => row.seedId),
  );
  return rows.map((row) => presentOriginalRound(row, { commitment: seeds.get(row.seedId)?.commitment ?? '' }));
}

/** The member's rounds (of one game), newest first: the game screen's history and the verify page's picker. */
export async function listOriginalRounds(
  db: Db,
  input: { memberId: number; game?: OriginalGame | undefined; pageNo: number; pageSize: number },
) {
  const filters: SQL[] = [eq(originalRounds.memberId, input.memberId)];
  if (input.game) filters.push(eq(originalRounds.game, input.game));
  const where = and(...filters);
  const { rows, total } = await pageOfRows(db, originalRounds, where, [desc(originalRounds.id)], input);
  return { list: await present(db, rows), total, pageNo: input.pageNo, pageSize: input.pageSize };
}

/** The member's open mines round, if any: a reload or a reconnect after a crash resumes it. */
export async function findOpenMinesRound(db: Db, memberId: number) {
  const rows = await db
    .select()
    .from(originalRounds)
    .where(and(eq(originalRounds.memberId, memberId), eq(originalRounds.game, 'MINES'), eq(originalRounds.status, 'OPEN')));
  return (await present(db, rows))[0] ?? null;
}

/** One round of this member with its seed row (the server seed is shown only once revealed). */
export async function findOriginalRound(db: Db, input: { memberId: number; roundId: number }) {
  const [round] = await db
    .select()
    .from(originalRounds)
    .where(and(eq(originalRounds.id, input.roundId), eq(originalRounds.memberId, input.memberId)));
  // Another member's round is simply not found: ids are not secrets, contents are.
  if (!round) throw new AppError('NOT_FOUND');
  const seed = (await findSeedsByIds(db, [round.seedId])).get(round.seedId);
  if (!seed) throw new Error('round seed missing');
  return { round, seed };
}

/**
 * The rotation guard (house-games rotation-guards.ts): an open round's outcome (the mines) comes
 * (or a Teen Patti dealer's hand) from the ACTIVE seed, so revealing it now would show the player where they are.
 */
export async function refuseRotationWithOpenRound(tx: Tx, input: { memberId: number; family: string }): Promise<void> {
  if (input.family !== 'SLOTS') return;
  const [open] = await tx
    .select({ id: originalRounds.id, game: originalRounds.game })
    .from(originalRounds)
    .where(and(eq(originalRounds.memberId, input.memberId), eq(originalRounds.status, 'OPEN')));
  if (open) throw new AppError(open.game === 'TEEN_PATTI' ? 'TEEN_PATTI_ROUND_OPEN' : 'MINES_ROUND_OPEN');
}
