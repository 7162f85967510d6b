import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { findDirectUpline } from '../member/index';
import { type MemberTransferRow, moveMemberFunds } from './move-member-funds';

/** The member's direct upline (the member module's tree read). */
export { findDirectUpline as findUpline } from '../member/index';

/** A member sends cash to its own direct upline; nobody else can be the recipient. */
export async function transferUpline(
  ctx: RequestContext,
  member: MemberRow,
  input: { amount: bigint; paymentPassword: string; idempotencyKey: string },
): Promise<{ transfer: MemberTransferRow; to: MemberRow }> {
  const upline = await findDirectUpline(ctx.db, member);
  if (!upline) throw new AppError('NOT_IN_TEAM');
  const transfer = await moveMemberFunds(ctx, member, { kind: 'upline', to: upline, ...input });
  return { transfer, to: upline };
}
