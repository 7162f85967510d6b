import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';

/*
 * The issue's advisory lock (migration 0061): a slip's one statement takes it SHARED in
 * `lottery_slip_gate(issue, at)` and reads the issue's status after it with a fresh snapshot;
 * whatever changes an issue's status (the close, the draw, the cancellation) takes it EXCLUSIVE
 * first, in its own transaction, and so waits for every slip that passed the gate, and every
 * slip gated after it reads the new status. The slips' two-statement path still reads the issue
 * row FOR SHARE, which the changes' FOR UPDATE waits for as before.
 */

/** Takes the issue's lock EXCLUSIVE for the rest of the caller's transaction (before its FOR UPDATE of the row). */
export async function lockIssueForChange(tx: DbOrTx, issueId: number): Promise<void> {
  await tx.execute(sql`SELECT lottery_issue_lock(${issueId}::bigint)`);
}

/** A boolean SQL expression for a slip's statement: the gate (takes the lock SHARED; true when the issue takes slips at `at`). */
export function slipGateSql(issueId: number, at: Date): ReturnType<typeof sql> {
  return sql`lottery_slip_gate(${issueId}::bigint, ${at.toISOString()}::timestamptz)`;
}
