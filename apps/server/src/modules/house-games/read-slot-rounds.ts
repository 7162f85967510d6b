import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { fairnessSeeds, slotRounds } from '../../db/schema/house-games';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { presentSlotRound } from './present-slot-round';

/** The member's rounds, newest first (game recall list). */
export async function listSlotRounds(db: Db, input: { memberId: number; titleId?: string | undefined; pageNo: number; pageSize: number }) {
  const filters: SQL[] = [eq(slotRounds.memberId, input.memberId)];
  if (input.titleId) filters.push(eq(slotRounds.titleId, input.titleId));
  const where = and(...filters);
  const rows = await db
    .select({ round: slotRounds, commitment: fairnessSeeds.commitment, clientSeed: fairnessSeeds.clientSeed })
    .from(slotRounds)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, slotRounds.seedId))
    .where(where)
    .orderBy(desc(slotRounds.id))
    .limit(input.pageSize)
    .offset((input.pageNo - 1) * input.pageSize);
  const [total] = await db.select({ value: count() }).from(slotRounds).where(where);
  return {
    list: rows.map((row) => presentSlotRound(row.round, row)),
    total: total?.value ?? 0,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

/** One round of this member, with its seed row (the server seed is shown only once revealed). */
export async function findSlotRound(db: Db, input: { memberId: number; roundId: number }) {
  const [row] = await db
    .select({ round: slotRounds, seed: fairnessSeeds })
    .from(slotRounds)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, slotRounds.seedId))
    .where(and(eq(slotRounds.id, input.roundId), eq(slotRounds.memberId, input.memberId)));
  // Another member's round is simply not found: round ids are not secrets, their contents are.
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
