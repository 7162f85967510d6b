import { and, eq, isNull } from 'drizzle-orm';
import { sessions } from '../../db/schema/accounts';
import { recordMemberAudit } from '../../platform/audit';
import { hashToken } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { accountSettingsOf } from '../../platform/merchant-settings';
import type { AccountContext } from '../../platform/request-context';
import { revokeMemberSessions } from '../../platform/revoke-sessions';
import { findMemberById, isTrustedLoginIp, type OpenedSession, openMemberSession } from '../member/index';

/**
 * "Remember me": trades the HttpOnly refresh cookie for a new session and a new refresh token
 * (rotation). The refresh deadline stays one day from the original login. A refresh token
 * presented again after it was rotated means it was copied: every session of the member ends.
 */
export async function refreshSession(ctx: AccountContext, refreshToken: string): Promise<OpenedSession> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, hashToken(refreshToken)))
    .limit(1);
  const old = rows[0];
  if (!old || old.merchantId !== ctx.merchant.id) throw new AppError('AUTH_REQUIRED');
  if (old.revokedAt) {
    if (old.revokeReason === 'REFRESHED') {
      await revokeMemberSessions(ctx.db, old.memberId, 'REFRESH_REUSED', ctx.now);
      await recordMemberAudit(ctx.db, ctx, {
        memberId: old.memberId,
        actor: 'ANONYMOUS',
        action: 'session.refresh_reused',
        detail: { sessionId: old.id },
      });
    }
    throw new AppError('AUTH_REQUIRED');
  }
  if (!old.refreshExpiresAt || old.refreshExpiresAt <= ctx.now) throw new AppError('AUTH_REQUIRED');
  const member = await findMemberById(ctx.db, ctx.merchant.id, old.memberId);
  if (!member) throw new AppError('AUTH_REQUIRED');
  if (member.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
  // A cookie carried to a new IP must not skip the merchant's second factor.
  const { loginVerification } = accountSettingsOf(ctx.merchant, ctx.config);
  if (loginVerification.enabled && !(await isTrustedLoginIp(ctx.db, member.id, ctx.origin.ip))) throw new AppError('AUTH_REQUIRED');

  const rotated = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now, revokeReason: 'REFRESHED' })
    .where(and(eq(sessions.id, old.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rotated.length !== 1) throw new AppError('AUTH_REQUIRED');

  return openMemberSession(ctx, {
    member,
    remember: true,
    refreshExpiresAt: old.refreshExpiresAt,
    passwordExpired: false,
    forceChangePassword: old.requiresPasswordChange,
    auditAction: 'session.refreshed',
    auditDetail: { previousSessionId: old.id },
  });
}
