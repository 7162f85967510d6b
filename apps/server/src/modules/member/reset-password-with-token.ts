import type { resetByEmailTokenBody } from '@kismat/contracts/member';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { passwordResetTokens } from '../../db/schema/accounts';
import { hashToken } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { checkNewPassword } from './check-new-password';
import { findMemberById } from './member-queries';
import { hashPassword } from './password-hash';
import { writeResetPassword } from './write-reset-password';

/** POST /wps/member/password/reset: the link of the forgot-by-email message sets a new password, once. */
export async function resetPasswordWithToken(
  ctx: AccountContext,
  body: z.output<typeof resetByEmailTokenBody>,
): Promise<{ userName: string }> {
  await checkNewPassword(ctx, {
    password: body.newPassword,
    confirmation: body.confirmNewPassword,
    field: 'newPassword',
    confirmationField: 'confirmNewPassword',
  });
  const passwordHash = await hashPassword(body.newPassword);
  return ctx.db.transaction(async (tx) => {
    // Claimed in the same statement that checks it: two uses of one link cannot both pass.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: ctx.now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(body.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, ctx.now),
        ),
      )
      .returning({ memberId: passwordResetTokens.memberId });
    const member = claimed ? await findMemberById(tx, ctx.merchant.id, claimed.memberId) : null;
    if (member?.status !== 'ACTIVE') throw new AppError('RESET_LINK_INVALID');
    await writeResetPassword(tx, ctx, member, passwordHash, 'password.reset_by_email');
    return { userName: member.username };
  });
}
