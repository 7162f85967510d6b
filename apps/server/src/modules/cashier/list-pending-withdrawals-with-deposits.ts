import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toBigInt } from '../../platform/sql-values';

export interface WithdrawalWithDeposits {
  id: number;
  memberId: number;
  amount: bigint;
  createdAt: Date;
  /** Approved deposits of the member in the `lookbackDays` before the withdrawal was asked for. */
  deposits: bigint;
}

/**
 * Pending withdrawals asked for after `since` (oldest first, read through the status index) with
 * the member's approved deposits just before each: the risk scan's deposit-then-withdraw input.
 */
export async function listPendingWithdrawalsWithDeposits(
  db: DbOrTx,
  input: { merchantId: number; since: Date; lookbackDays: number; limit: number },
): Promise<WithdrawalWithDeposits[]> {
  const result = await db.execute(sql`
    select w.id, w.member_id, w.amount::text as amount, w.created_at,
      (select coalesce(sum(d.amount), 0) from deposit_requests d
        where d.member_id = w.member_id and d.status = 'approved'
          and d.resolved_at >= w.created_at - make_interval(days => ${input.lookbackDays}) and d.resolved_at < w.created_at)::text as deposits
    from withdrawal_requests w
    where w.status = 'pending' and w.created_at > ${input.since} and w.merchant_id = ${input.merchantId}
    order by w.created_at, w.id
    limit ${input.limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    memberId: Number(row.member_id),
    amount: toBigInt(row.amount),
    createdAt: new Date(row.created_at as string),
    deposits: toBigInt(row.deposits),
  }));
}
