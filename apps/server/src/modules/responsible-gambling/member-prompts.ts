import { eq } from 'drizzle-orm';
import { rgState } from '../../db/schema/responsible-gambling';
import type { Db } from '../../platform/db';
import { lockState, type MemberRef } from './rg-state';

/** "Not now" to the deposit-limit prompt: a recorded, positive choice (the prompt stops). */
export async function skipDepositLimit(db: Db, member: MemberRef, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockState(tx, member, now);
    await tx.update(rgState).set({ depositLimitSkippedAt: now }).where(eq(rgState.memberId, member.memberId));
  });
}

/** "I have reviewed my limits": the 6-monthly review prompt stops for another 6 months. */
export async function markLimitsReviewed(db: Db, member: MemberRef, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockState(tx, member, now);
    await tx.update(rgState).set({ limitsReviewedAt: now }).where(eq(rgState.memberId, member.memberId));
  });
}
