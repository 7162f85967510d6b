import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { sessions } from '../db/schema/accounts';
import type { DbOrTx } from './db';
import { REALTIME_CHANNEL, type SessionRevocation } from './realtime/realtime-hub';

export type RevokeReason = 'LOGOUT' | 'PASSWORD_CHANGED' | 'PASSWORD_RESET' | 'REFRESHED' | 'REFRESH_REUSED' | 'ACCOUNT_DISABLED';

/**
 * Tells every node's realtime hub to close the /ws sockets of ended sessions, so a logged-out or
 * revoked token stops receiving balance pushes at once. Sent with the revoking statement's
 * connection: inside a transaction Postgres delivers it only when that commits (and drops it
 * on rollback), so a socket is never closed for a revocation that did not happen.
 */
async function announceRevocation(db: DbOrTx, revocation: SessionRevocation): Promise<void> {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ revoke: revocation })})`);
}

/** Ends one session (logout, refresh rotation). */
export async function revokeSession(db: DbOrTx, sessionId: number, reason: RevokeReason, now: Date): Promise<void> {
  const [revoked] = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ memberId: sessions.memberId });
  if (revoked) await announceRevocation(db, { memberId: revoked.memberId, sessionIds: [sessionId] });
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
  if (revoked.length > 0) {
    await announceRevocation(db, {
      memberId,
      ...(options.exceptSessionId === undefined ? {} : { exceptSessionId: options.exceptSessionId }),
    });
  }
  return revoked.length;
}
