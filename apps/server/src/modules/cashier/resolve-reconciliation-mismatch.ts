import { and, eq, isNull } from 'drizzle-orm';
import { reconciliationMismatches } from '../../db/schema/reconciliation';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

export type MismatchRow = typeof reconciliationMismatches.$inferSelect;

/**
 * An operator closes a reconciliation mismatch with a note saying what was done (the deposit
 * marked paid, the provider's reversal booked, a bank ticket). The note is the record: a second
 * resolve of the same mismatch is refused (REQUEST_NOT_PENDING) instead of overwriting who
 * resolved it and why. Resolving moves no money; the money side has its own operations
 * (mark-paid, adjustments), each audited. `scopeMerchantId`: a merchant-scoped operator may only
 * touch its merchant's (another's answers NOT_FOUND, like an id that does not exist).
 */
export async function resolveReconciliationMismatch(
  db: DbOrTx,
  input: { id: number; resolvedBy: string; note: string; now: Date; scopeMerchantId: number | null },
): Promise<{ before: MismatchRow; after: MismatchRow }> {
  const [before] = await db.select().from(reconciliationMismatches).where(eq(reconciliationMismatches.id, input.id)).for('update');
  if (!before || (input.scopeMerchantId !== null && before.merchantId !== input.scopeMerchantId)) throw new AppError('NOT_FOUND');
  const [after] = await db
    .update(reconciliationMismatches)
    .set({ resolvedAt: input.now, resolvedBy: input.resolvedBy, resolutionNote: input.note })
    .where(and(eq(reconciliationMismatches.id, input.id), isNull(reconciliationMismatches.resolvedAt)))
    .returning();
  if (!after) throw new AppError('REQUEST_NOT_PENDING');
  return { before, after };
}
