import type { changePasswordBody } from '@kismat/contracts/member';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { members } from '../../db/schema/accounts';
import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow, SessionRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { revokeMemberSessions } from '../../platform/revoke-sessions';
import { checkNewPassword } from './check-new-password';
import { type OpenedSession, openMemberSession } from './open-member-session';
import { hashPassword, verifyPassword } from './password-hash';

/**
 * POST /wps/member/password. Every session of the member ends (a thief holding another one
 * loses it) and the caller gets a fresh session in the answer, so the page keeps working.
 */
export async function changeMemberPassword(
  ctx: AccountContext,
  member: MemberRow,
  session: SessionRow,
  body: z.output<typeof changePasswordBody>,
): Promise<OpenedSession> {
  await checkNewPassword(ctx, {
    password: body.newPassword,
    confirmation: body.confirmNewPassword,
    field: 'newPassword',
    confirmationField: 'confirmNewPassword',
    username: member.username,
  });
  if (!(await verifyPassword(member.passwordHash, body.oldPassword))) {
    await recordMemberAudit(ctx.db, ctx, { memberId: member.id, action: 'password.change_failed' });
    throw new AppError('OLD_PASSWORD_INVALID');
  }
  if (body.newPassword === body.oldPassword) throw new AppError('PASSWORD_UNCHANGED');

  const passwordHash = await hashPassword(body.newPassword);
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(members)
      .set({ passwordHash, passwordChangedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(members.id, member.id))
      .returning();
    const revoked = await revokeMemberSessions(tx, member.id, 'PASSWORD_CHANGED', ctx.now);
    await recordMemberAudit(tx, ctx, {
      memberId: member.id,
      action: 'password.changed',
      detail: { sessionId: session.id, revokedSessions: revoked },
    });
    return row ?? member;
  });
  return openMemberSession(ctx, {
    member: updated,
    remember: false,
    passwordExpired: false,
    forceChangePassword: false,
    auditAction: 'login.after_password_change',
  });
}
