import { and, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/accounts';
import type { DbOrTx } from '../platform/db';

/** One member's audit rows of one action: the suites check an action was written once, and with what detail. */
export function memberAudits(db: DbOrTx, memberId: number, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.memberId, memberId), eq(auditLog.action, action)));
}
