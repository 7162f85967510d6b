import { AppError } from '../../platform/errors';
import { accountSettingsOf } from '../../platform/merchant-settings';
import type { AccountContext } from '../../platform/request-context';
import { parseMobileNumber } from '../member/index';
import { type SendCodeInput, sendVerificationCode } from './send-verification-code';

/**
 * A code sent for a member's own request: the merchant, the caller's IP, the clock and the
 * language are the request's. `deliver` is true unless told (see SendCodeInput).
 */
export function sendAccountCode(
  ctx: AccountContext,
  input: Pick<SendCodeInput, 'channel' | 'recipient' | 'purpose' | 'memberId'> & { deliver?: boolean },
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  return sendVerificationCode(ctx.db, ctx.messages, ctx.config, {
    merchantId: ctx.merchant.id,
    ip: ctx.origin.ip,
    now: ctx.now,
    language: ctx.language,
    ...input,
    deliver: input.deliver ?? true,
  });
}

/** The number an SMS code request names (mobileNo, or the older mobileNum), in E.164; MOBILE_INVALID otherwise. */
export function requestedMobileOf(
  ctx: AccountContext,
  body: { countryDialingCode?: string | undefined; mobileNo?: string | undefined; mobileNum?: string | undefined },
): string {
  const settings = accountSettingsOf(ctx.merchant, ctx.config);
  const mobile = parseMobileNumber(body.countryDialingCode, body.mobileNo ?? body.mobileNum ?? '', settings.defaultDialingCode);
  if (!mobile) throw new AppError('MOBILE_INVALID');
  return mobile.e164;
}
