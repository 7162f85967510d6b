import { desc, eq } from 'drizzle-orm';
import { depositRequests, withdrawalRequests } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';

export interface MemberCashierRequest {
  kind: 'DEPOSIT' | 'WITHDRAWAL';
  id: number;
  reference: string | null;
  amount: bigint;
  status: string;
  createdAt: Date;
}

/** A member's latest deposits and withdrawals together, newest first (the back office's member page). */
export async function listMemberCashierRequests(db: DbOrTx, memberId: number, limit = 100): Promise<MemberCashierRequest[]> {
  const [deposits, withdrawals] = await Promise.all([
    db
      .select({
        id: depositRequests.id,
        reference: depositRequests.reference,
        amount: depositRequests.amount,
        status: depositRequests.status,
        createdAt: depositRequests.createdAt,
      })
      .from(depositRequests)
      .where(eq(depositRequests.memberId, memberId))
      .orderBy(desc(depositRequests.createdAt))
      .limit(limit),
    db
      .select({
        id: withdrawalRequests.id,
        amount: withdrawalRequests.amount,
        status: withdrawalRequests.status,
        createdAt: withdrawalRequests.createdAt,
      })
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.memberId, memberId))
      .orderBy(desc(withdrawalRequests.createdAt))
      .limit(limit),
  ]);
  return [
    ...deposits.map((row) => ({ kind: 'DEPOSIT' as const, ...row })),
    ...withdrawals.map((row) => ({ kind: 'WITHDRAWAL' as const, reference: null, ...row })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, limit);
}
