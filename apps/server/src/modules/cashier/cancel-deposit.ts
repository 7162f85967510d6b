import { and, eq } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { CashierContext } from '../../platform/request-context';
import { type DepositChannelRow, type DepositRow, findChannelById } from './deposit-queries';
import { resolveDeposit } from './resolve-deposit';

/**
 * The member closes their own unpaid online order (a wrong amount, a change of mind), so the
 * channel is free for a new one. Only the owner: anyone else's id answers NOT_FOUND, as an id
 * that does not exist does, so order ids cannot be probed. Only an online order: a manual deposit
 * was paid before it was recorded, and an operator settles it. Only while unpaid: a paid one is
 * REQUEST_NOT_PENDING. Idempotent: cancelling a cancelled (or already expired) order answers
 * it again. Cancelling does not stop a provider that already took the money: its signed `paid`
 * is still credited, marked "paid after cancel" (approveDeposit).
 */
export async function cancelDeposit(
  ctx: CashierContext,
  member: MemberRow,
  depositId: number,
): Promise<{ deposit: DepositRow; channel: DepositChannelRow }> {
  const [owned] = await ctx.db
    .select()
    .from(depositRequests)
    .where(
      and(eq(depositRequests.id, depositId), eq(depositRequests.memberId, member.id), eq(depositRequests.merchantId, ctx.merchant.id)),
    );
  if (!owned) throw new AppError('NOT_FOUND');
  const channel = await findChannelById(ctx.db, owned.channelId);
  if (!channel) throw new AppError('NOT_FOUND');
  if (channel.kind !== 'gateway') throw new AppError('DEPOSIT_NOT_CANCELLABLE');
  if (owned.status === 'expired') return { deposit: owned, channel };
  const result = await resolveDeposit(
    { db: ctx.db, realtime: ctx.realtime, now: ctx.now },
    { depositId, reviewedBy: `member:${member.id}` },
    // The member did it: no inbox notice about their own tap.
    { status: 'cancelled', notice: null },
  );
  return { deposit: result.deposit, channel };
}
