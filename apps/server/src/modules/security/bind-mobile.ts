import type { bindMobileBody } from '@kismat/contracts/security';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import { accountSettingsOf } from '../../platform/merchant-settings';
import type { AccountContext } from '../../platform/request-context';
import { consumeVerificationCode, parseMobileNumber, updateMember } from '../member/index';

/** POST /wps/member/security/mobile: binds a number proven by an SMS code; a bound number never changes. */
export async function bindMobile(ctx: AccountContext, member: MemberRow, body: z.output<typeof bindMobileBody>): Promise<MemberRow> {
  if (member.mobileVerifiedAt) throw new AppError('ALREADY_BOUND');
  const mobile = parseMobileNumber(body.countryDialingCode, body.mobileNo, accountSettingsOf(ctx.merchant, ctx.config).defaultDialingCode);
  if (!mobile) throw new AppError('MOBILE_INVALID');
  try {
    return await ctx.db.transaction(async (tx) => {
      const check = await consumeVerificationCode(tx, {
        merchantId: ctx.merchant.id,
        channel: 'SMS',
        recipient: mobile.e164,
        purposes: ['BIND'],
        code: body.verificationCode,
        now: ctx.now,
      });
      if (check === 'EXPIRED') throw new AppError('VERIFICATION_CODE_EXPIRED');
      if (check !== 'OK') throw new AppError('VERIFICATION_CODE_INVALID');
      const row = await updateMember(
        tx,
        member.id,
        {
          mobile: mobile.e164,
          countryDialingCode: mobile.countryDialingCode,
          mobileNo: mobile.national,
          mobileVerifiedAt: ctx.now,
          updatedAt: ctx.now,
        },
        { onlyWhileUnset: 'mobileVerifiedAt' },
      );
      if (!row) throw new AppError('ALREADY_BOUND');
      await recordAudit(tx, {
        merchantId: ctx.merchant.id,
        memberId: member.id,
        actor: 'MEMBER',
        action: 'mobile.bound',
        origin: ctx.origin,
        detail: { dialingCode: mobile.countryDialingCode, last3: mobile.national.slice(-3) },
        at: ctx.now,
      });
      return row;
    });
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'members_merchant_mobile_unique') throw new AppError('MOBILE_TAKEN');
    throw error;
  }
}
