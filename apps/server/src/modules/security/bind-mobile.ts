import type { bindMobileBody } from '@kismat/contracts/security';
import type { z } from 'zod';
import type { MemberRow } from '../../platform/auth';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import { accountSettingsOf } from '../../platform/merchant-settings';
import type { AccountContext } from '../../platform/request-context';
import { parseMobileNumber } from '../member/index';
import { bindVerifiedContact } from './bind-verified-contact';

/** POST /wps/member/security/mobile: binds a number proven by an SMS code; a bound number never changes. */
export async function bindMobile(ctx: AccountContext, member: MemberRow, body: z.output<typeof bindMobileBody>): Promise<MemberRow> {
  if (member.mobileVerifiedAt) throw new AppError('ALREADY_BOUND');
  const mobile = parseMobileNumber(body.countryDialingCode, body.mobileNo, accountSettingsOf(ctx.merchant, ctx.config).defaultDialingCode);
  if (!mobile) throw new AppError('MOBILE_INVALID');
  try {
    return await bindVerifiedContact(ctx, member, {
      channel: 'SMS',
      recipient: mobile.e164,
      code: body.verificationCode,
      set: {
        mobile: mobile.e164,
        countryDialingCode: mobile.countryDialingCode,
        mobileNo: mobile.national,
        mobileVerifiedAt: ctx.now,
        updatedAt: ctx.now,
      },
      verifiedColumn: 'mobileVerifiedAt',
      action: 'mobile.bound',
      detail: { dialingCode: mobile.countryDialingCode, last3: mobile.national.slice(-3) },
    });
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'members_merchant_mobile_unique') throw new AppError('MOBILE_TAKEN');
    throw error;
  }
}
