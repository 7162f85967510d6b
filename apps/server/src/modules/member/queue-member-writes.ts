import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import type { Tx } from '../../platform/db';

/**
 * Queues one member's money requests on their member row, so two parallel requests cannot both
 * pass the daily limits. NO KEY UPDATE, not UPDATE: every insert that references a member (a
 * transfer to them, a notification, a deposit) takes KEY SHARE on the row, which FOR UPDATE
 * blocks; that deadlocked a deposit approval racing a withdrawal, and A->B racing B->A
 * transfers (concurrency.acceptance.test.ts).
 */
export async function queueMemberWrites(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}
