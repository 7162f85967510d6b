import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

export type RevokeReason = 'LOGOUT' | 'PASSWORD_CHANGED' | 'PASSWORD_RESET' | 'REFRESHED' | 'REFRESH_REUSED' | 'ACCOUNT_DISABLED';

/** Ends one session (logout, refresh rotation). */
export async function revokeSession(db: DbOrTx, sessionId: number, reason: RevokeReason, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a member, optionally but one (password change keeps none). */
export async function revokeMemberSessions(
  db: DbOrTx,
  memberId: number,
  reason: RevokeReason,
  now: Date,
  options: { exceptSessionId?: number } = {},
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        options.exceptSessionId === undefined ? undefined : ne(sessions.id, options.exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
