import type { SmsSendBody } from '@kismat/contracts/verification';
import type { AccountContext } from '../../platform/request-context';
import { findMemberByMobile } from '../member/index';
import { requestedMobileOf, sendAccountCode } from './account-codes';

/**
 * /wps/verification/sms/noLogin and /wps/session/loginCode: a code for SMS login or for
 * setting a password by phone. The answer is the same whether or not a member has the
 * number; only a member's number actually receives the SMS.
 */
export async function sendNoLoginCode(
  ctx: AccountContext,
  body: SmsSendBody,
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  const recipient = requestedMobileOf(ctx, body);
  const member = await findMemberByMobile(ctx.db, ctx.merchant.id, recipient);
  const canReceive = member !== null && member.status === 'ACTIVE';
  return sendAccountCode(ctx, {
    channel: 'SMS',
    recipient,
    purpose: 'NO_LOGIN',
    memberId: canReceive ? member.id : null,
    deliver: canReceive,
  });
}
