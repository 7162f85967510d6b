import { and, eq, gte, sql } from 'drizzle-orm';
import { type PointsEntryKind, pointsBalances, pointsEntries } from '../../db/schema/points';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';

export interface PointsEntryInput {
  merchantId: number;
  memberId: number;
  /** Negative takes points, positive gives them. */
  delta: bigint;
  kind: PointsEntryKind;
  /** Unique per kind: `redemption:<id>` for REDEEM, RESTORE and CONVERT. */
  reference: string;
  now: Date;
}

/**
 * Moves a member's points: the balance row changes in one guarded statement (a debit only where
 * the balance covers it, so parallel redemptions can never take it below zero) and the entry is
 * appended with the balance it left. Runs in the caller's transaction, which owns the business row.
 */
export async function postPointsEntry(tx: Tx, input: PointsEntryInput): Promise<bigint> {
  if (input.delta === 0n) throw new Error('a points entry moves at least one point');
  let balanceAfter: bigint;
  if (input.delta < 0n) {
    const needed = -input.delta;
    const [row] = await tx
      .update(pointsBalances)
      .set({ balance: sql`${pointsBalances.balance} - ${needed}`, updatedAt: input.now })
      .where(and(eq(pointsBalances.memberId, input.memberId), gte(pointsBalances.balance, needed)))
      .returning({ balance: pointsBalances.balance });
    if (!row) {
      const [current] = await tx
        .select({ balance: pointsBalances.balance })
        .from(pointsBalances)
        .where(eq(pointsBalances.memberId, input.memberId));
      throw new AppError('POINTS_INSUFFICIENT', { value: { balance: Number(current?.balance ?? 0n), needed: Number(needed) } });
    }
    balanceAfter = row.balance;
  } else {
    const [row] = await tx
      .insert(pointsBalances)
      .values({ memberId: input.memberId, merchantId: input.merchantId, balance: input.delta, updatedAt: input.now })
      .onConflictDoUpdate({
        target: pointsBalances.memberId,
        set: { balance: sql`${pointsBalances.balance} + ${input.delta}`, updatedAt: input.now },
      })
      .returning({ balance: pointsBalances.balance });
    if (!row) throw new Error('points balance upsert returned nothing');
    balanceAfter = row.balance;
  }
  await tx.insert(pointsEntries).values({
    merchantId: input.merchantId,
    memberId: input.memberId,
    delta: input.delta,
    balanceAfter,
    kind: input.kind,
    reference: input.reference,
    createdAt: input.now,
  });
  return balanceAfter;
}
