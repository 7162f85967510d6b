import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { turnoverRequirements } from '../../db/schema/promotions';
import type { Db, Tx } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { endRequirement } from './end-requirement';

/** Requirements one run of the job ends at most; the next run (a minute later) takes the rest. */
const BATCH = 200;

/** Ends this member's overdue requirements now (the withdrawal gate does it before it counts what is left). */
export async function expireMemberRequirements(tx: Tx, memberId: number, now: Date): Promise<number> {
  const due = await tx
    .select({ id: turnoverRequirements.id })
    .from(turnoverRequirements)
    .where(
      and(
        eq(turnoverRequirements.memberId, memberId),
        eq(turnoverRequirements.status, 'ACTIVE'),
        isNotNull(turnoverRequirements.expiresAt),
        lte(turnoverRequirements.expiresAt, now),
      ),
    );
  for (const { id } of due) await endRequirement(tx, { requirementId: id, status: 'EXPIRED', endedBy: 'system', note: 'expired', now });
  return due.length;
}

/** Ends overdue requirements oldest first, each in its own transaction (one member's failure does not hold back the rest). */
export async function expireDueRequirements(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: turnoverRequirements.id })
    .from(turnoverRequirements)
    .where(
      and(eq(turnoverRequirements.status, 'ACTIVE'), isNotNull(turnoverRequirements.expiresAt), lte(turnoverRequirements.expiresAt, now)),
    )
    .orderBy(asc(turnoverRequirements.expiresAt))
    .limit(BATCH);
  let ended = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // A member's forfeit or the engine may have ended it meanwhile: then there is nothing to do.
      const [still] = await tx
        .select({ status: turnoverRequirements.status })
        .from(turnoverRequirements)
        .where(eq(turnoverRequirements.id, id))
        .for('update');
      if (still?.status !== 'ACTIVE') return;
      await endRequirement(tx, { requirementId: id, status: 'EXPIRED', endedBy: 'system', note: 'expired', now });
      ended += 1;
    });
  }
  return ended;
}

/** The scheduler's job: every minute, expire what is due (unspent bonus back to PROMOTION_COST). */
export function expireRequirementsJob(db: Db): ScheduledJob {
  return { name: 'promotions.expire-requirements', everyMs: 60_000, run: async (now) => void (await expireDueRequirements(db, now)) };
}
