import type { SmsSendBody } from '@kismat/contracts/verification';
import { AppError } from '../../platform/errors';
import { accountSettingsOf } from '../../platform/merchant-settings';
import type { AccountContext } from '../../platform/request-context';
import { findMemberByMobile, parseMobileNumber } from '../member/index';
import { sendVerificationCode } from './send-verification-code';

/**
 * /wps/verification/sms/noLogin and /wps/session/loginCode: a code for SMS login or for
 * setting a password by phone. The answer is the same whether or not a member has the
 * number; only a member's number actually receives the SMS.
 */
export async function sendNoLoginCode(
  ctx: AccountContext,
  body: SmsSendBody,
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  const settings = accountSettingsOf(ctx.merchant, ctx.config);
  const mobile = parseMobileNumber(body.countryDialingCode, body.mobileNo ?? body.mobileNum ?? '', settings.defaultDialingCode);
  if (!mobile) throw new AppError('MOBILE_INVALID');
  const member = await findMemberByMobile(ctx.db, ctx.merchant.id, mobile.e164);
  const canReceive = member !== null && member.status === 'ACTIVE';
  return sendVerificationCode(ctx.db, ctx.messages, ctx.config, {
    merchantId: ctx.merchant.id,
    channel: 'SMS',
    recipient: mobile.e164,
    purpose: 'NO_LOGIN',
    memberId: canReceive ? member.id : null,
    ip: ctx.origin.ip,
    now: ctx.now,
    language: ctx.language,
    deliver: canReceive,
  });
}
