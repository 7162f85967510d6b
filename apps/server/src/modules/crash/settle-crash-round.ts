import { and, eq, isNull } from 'drizzle-orm';
import { crashBets, crashRounds } from '../../db/schema/crash';
import type { Db } from '../../platform/db';
import { cashOutAutoTargets } from './cash-out-crash-bet';
import type { CrashRoundRow } from './open-crash-round';
import type { CrashBetRow } from './place-crash-bet';
import { recordCrashGameRound } from './record-crash-game-round';

/**
 * Ends a crashed round: first the auto cash-outs its crash point reached (the engine may not have
 * seen every tick), then, in ONE transaction, every bet still OPEN is LOST (its stake was taken
 * when placed; no money moves) with its settled game round, and the round is marked settled. A
 * manual cash-out racing this holds its bet row: the UPDATE waits, then skips the bet it paid.
 * Settling twice (two leaders for a moment) finds nothing left the second time.
 */
export async function settleCrashRound(db: Db, round: CrashRoundRow, now: Date): Promise<{ paid: CrashBetRow[]; lost: CrashBetRow[] }> {
  if (now < round.crashesAt) throw new Error(`crash round ${round.id} has not crashed yet`);
  const paid = await cashOutAutoTargets(db, round, round.crashesAt);
  const lost = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: crashRounds.id })
      .from(crashRounds)
      .where(and(eq(crashRounds.id, round.id), isNull(crashRounds.settledAt)))
      .for('update');
    if (!open) return [];
    const losses = await tx
      .update(crashBets)
      .set({ status: 'LOST', settledAt: round.crashesAt })
      .where(and(eq(crashBets.roundId, round.id), eq(crashBets.status, 'OPEN')))
      .returning();
    for (const bet of losses) await recordCrashGameRound(tx, bet, round.crashesAt);
    await tx.update(crashRounds).set({ settledAt: now }).where(eq(crashRounds.id, round.id));
    return losses;
  });
  return { paid, lost };
}
