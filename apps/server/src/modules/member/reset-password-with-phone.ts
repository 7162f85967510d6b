import type { resetByPhoneBody } from '@kismat/contracts/member';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { members } from '../../db/schema/accounts';
import { AppError } from '../../platform/errors';
import { accountSettingsOf } from '../../platform/merchant-settings';
import type { AccountContext } from '../../platform/request-context';
import { checkNewPassword } from './check-new-password';
import { consumeVerificationCode } from './consume-verification-code';
import { findMemberByMobile } from './member-queries';
import { hashPassword } from './password-hash';
import { parseMobileNumber } from './phone-numbers';
import { writeResetPassword } from './write-reset-password';

/**
 * POST /wps/member/password/verification: set a new password with an SMS code sent by
 * /wps/verification/sms/noLogin. A number without an account gets the same "invalid code"
 * as a wrong code (no code was ever delivered to it). Every session of the member ends.
 */
export async function resetPasswordWithPhone(ctx: AccountContext, body: z.output<typeof resetByPhoneBody>): Promise<{ userName: string }> {
  const mobile = parseMobileNumber(body.countryDialingCode, body.mobileNum, accountSettingsOf(ctx.merchant, ctx.config).defaultDialingCode);
  if (!mobile) throw new AppError('MOBILE_INVALID');
  await checkNewPassword(ctx, {
    password: body.newPassword,
    confirmation: body.confirmNewPassword,
    field: 'newPassword',
    confirmationField: 'confirmNewPassword',
  });
  const member = await findMemberByMobile(ctx.db, ctx.merchant.id, mobile.e164);
  const check = await consumeVerificationCode(ctx.db, {
    merchantId: ctx.merchant.id,
    channel: 'SMS',
    recipient: mobile.e164,
    purposes: ['NO_LOGIN'],
    code: body.verificationCode,
    now: ctx.now,
  });
  if (check === 'EXPIRED') throw new AppError('VERIFICATION_CODE_EXPIRED');
  if (check !== 'OK' || !member || member.status !== 'ACTIVE') throw new AppError('VERIFICATION_CODE_INVALID');

  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    // Receiving the code proved the number; record it as verified if it was not yet.
    await tx
      .update(members)
      .set({ mobileVerifiedAt: ctx.now })
      .where(and(eq(members.id, member.id), isNull(members.mobileVerifiedAt)));
    await writeResetPassword(tx, ctx, member, passwordHash, 'password.reset_by_phone');
  });
  return { userName: member.username };
}
