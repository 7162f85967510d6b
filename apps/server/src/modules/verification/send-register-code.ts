import type { SmsSendBody } from '@kismat/contracts/verification';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { findMemberByMobile } from '../member/index';
import { requestedMobileOf, sendAccountCode } from './account-codes';

/**
 * /wps/verification/sms/register: a code proving the new member holds the number. A number
 * that already has an account is refused here (registration would refuse it anyway, and an
 * SMS to an existing member about a sign-up would only confuse them).
 */
export async function sendRegisterCode(
  ctx: AccountContext,
  body: SmsSendBody,
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  const recipient = requestedMobileOf(ctx, body);
  if (await findMemberByMobile(ctx.db, ctx.merchant.id, recipient)) throw new AppError('MOBILE_TAKEN');
  return sendAccountCode(ctx, { channel: 'SMS', recipient, purpose: 'REGISTER', memberId: null });
}
