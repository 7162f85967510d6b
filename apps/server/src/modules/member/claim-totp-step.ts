import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/**
 * Claims a matched TOTP time step for the member: succeeds only if the step is newer than the
 * last one claimed, so the same code (or an older one) cannot be replayed (one guarded UPDATE).
 */
export async function claimTotpStep(db: DbOrTx, memberId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(members)
    .set({ totpLastStep: step })
    .where(and(eq(members.id, memberId), or(isNull(members.totpLastStep), lt(members.totpLastStep, step))))
    .returning({ id: members.id });
  return claimed.length === 1;
}
