import type { LoginResult } from '@kismat/contracts/session';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { recordAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import type { AccountContext } from '../../platform/request-context';
import { createSession } from './create-session';
import { presentLoginResult } from './present-login-result';
import { recordMemberSighting } from './record-member-sighting';
import { trustLoginIp } from './trusted-login-ips';

export interface OpenedSession {
  result: LoginResult;
  /** For the HttpOnly remember-me cookie; null without "remember". */
  refreshToken: string | null;
}

/**
 * The end of every successful login (password, SMS code, second factor, registration,
 * refresh): a new session, last-login stamp, the IP trusted, an audit row, the login result.
 */
export async function openMemberSession(
  ctx: AccountContext,
  input: {
    member: MemberRow;
    remember: boolean;
    passwordExpired: boolean;
    forceChangePassword: boolean;
    /** 'login.password', 'login.sms', 'login.second_factor', 'member.registered', 'login.freeplay' ... */
    auditAction: string;
    auditDetail?: Record<string, unknown>;
    refreshExpiresAt?: Date;
  },
): Promise<OpenedSession> {
  const { now, origin } = ctx;
  return ctx.db.transaction(async (tx) => {
    const created = await createSession(tx, {
      member: input.member,
      origin,
      now,
      idleMinutes: ctx.config.SESSION_IDLE_MINUTES,
      remember: input.remember,
      requiresPasswordChange: input.forceChangePassword,
      ...(input.refreshExpiresAt ? { refreshExpiresAt: input.refreshExpiresAt } : {}),
    });
    const [member] = await tx
      .update(members)
      .set({ lastLoginAt: now, lastLoginIp: origin.ip })
      .where(eq(members.id, input.member.id))
      .returning();
    await trustLoginIp(tx, input.member.id, origin.ip, now);
    await recordMemberSighting(tx, { memberId: input.member.id, merchantId: ctx.merchant.id, origin, now });
    await recordAudit(tx, {
      merchantId: ctx.merchant.id,
      memberId: input.member.id,
      actor: 'MEMBER',
      action: input.auditAction,
      origin,
      detail: { sessionId: created.session.id, remember: input.remember, ...input.auditDetail },
      at: now,
    });
    const result = await presentLoginResult(tx, {
      member: member ?? input.member,
      merchant: ctx.merchant,
      created,
      idleMinutes: ctx.config.SESSION_IDLE_MINUTES,
      passwordExpired: input.passwordExpired,
      forceChangePassword: input.forceChangePassword,
    });
    return { result, refreshToken: created.refreshToken };
  });
}
