import type { SmsSendBody } from '@kismat/contracts/verification';
import { AppError } from '../../platform/errors';
import { accountSettingsOf } from '../../platform/merchant-settings';
import type { AccountContext } from '../../platform/request-context';
import { findMemberByMobile, parseMobileNumber } from '../member/index';
import { sendVerificationCode } from './send-verification-code';

/**
 * /wps/verification/sms/register: a code proving the new member holds the number. A number
 * that already has an account is refused here (registration would refuse it anyway, and an
 * SMS to an existing member about a sign-up would only confuse them).
 */
export async function sendRegisterCode(
  ctx: AccountContext,
  body: SmsSendBody,
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  const settings = accountSettingsOf(ctx.merchant, ctx.config);
  const mobile = parseMobileNumber(body.countryDialingCode, body.mobileNo ?? body.mobileNum ?? '', settings.defaultDialingCode);
  if (!mobile) throw new AppError('MOBILE_INVALID');
  if (await findMemberByMobile(ctx.db, ctx.merchant.id, mobile.e164)) throw new AppError('MOBILE_TAKEN');
  return sendVerificationCode(ctx.db, ctx.messages, ctx.config, {
    merchantId: ctx.merchant.id,
    channel: 'SMS',
    recipient: mobile.e164,
    purpose: 'REGISTER',
    memberId: null,
    ip: ctx.origin.ip,
    now: ctx.now,
    language: ctx.language,
    deliver: true,
  });
}
