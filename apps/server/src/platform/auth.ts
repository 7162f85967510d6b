import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { members, sessions } from '../db/schema/accounts';
import type { Db } from './db';
import { AppError } from './errors';

export type MemberRow = typeof members.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, set by the policies (platform/policy.ts) on protected routes. */
    member: MemberRow | null;
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    /** Reachable while the session waits for the forced password change (123456, expired). */
    allowPendingPasswordChange?: boolean;
  }
}

/** 256 random bits, URL-safe; the value is shown once and only its hash is stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(header.trim());
  return match?.[1] ?? null;
}

export function idleMillis(request: FastifyRequest): number {
  return request.server.config.SESSION_IDLE_MINUTES * 60_000;
}

// Each call slides the idle expiry, but writing on every call would make one UPDATE per
// request; the row is touched at most once per interval, which shortens the idle window by
// at most this much.
const TOUCH_INTERVAL_MS = 30_000;

/** The session read, per database: built once, and sent as a named statement (each connection parses and plans it once). */
const sessionReads = new WeakMap<Db, ReturnType<typeof prepareSessionRead>>();

function prepareSessionRead(db: Db) {
  return db
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_read');
}

// Building this select of both rows' columns per call cost more server CPU than a slot spin's
// own statements (issue 16: a tenth of the spin route's process time).
function sessionRead(db: Db): ReturnType<typeof prepareSessionRead> {
  let read = sessionReads.get(db);
  if (!read) {
    read = prepareSessionRead(db);
    sessionReads.set(db, read);
  }
  return read;
}

/**
 * Resolves the bearer token to an active session of this merchant and its member, sliding the
 * idle expiry. Throws AUTH_REQUIRED (no or unknown token), SESSION_EXPIRED (idle too long or
 * revoked) or ACCOUNT_DISABLED. Memoised on the request.
 */
export async function authenticate(request: FastifyRequest): Promise<{ member: MemberRow; session: SessionRow }> {
  if (request.member && request.session) return { member: request.member, session: request.session };
  const token = bearerToken(request);
  if (!token) throw new AppError('AUTH_REQUIRED');
  const { db } = request.server;
  const rows = await sessionRead(db).execute({ tokenHash: hashToken(token) });
  const found = rows[0];
  // A token of another merchant's site is treated as unknown: tenants never see each other.
  if (!found || found.session.merchantId !== request.merchant.id) throw new AppError('AUTH_REQUIRED');
  const now = request.server.now();
  if (found.session.revokedAt || found.session.expiresAt <= now) throw new AppError('SESSION_EXPIRED');
  if (found.member.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');

  let session = found.session;
  if (isTouchDue(session.lastSeenAt, now)) session = await touchSession(request, session, now);
  request.member = found.member;
  request.session = session;
  return { member: found.member, session };
}

/** The session's idle expiry is slid when its last touch is at least TOUCH_INTERVAL_MS old. */
export function isTouchDue(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS;
}

/** Slides the idle expiry (a revoked session stays revoked); answers the session as touched. */
export async function touchSession(request: FastifyRequest, session: SessionRow, now: Date): Promise<SessionRow> {
  const expiresAt = new Date(now.getTime() + idleMillis(request));
  await request.server.db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.id, session.id), lt(sessions.lastSeenAt, now), sql`${sessions.revokedAt} is null`));
  return { ...session, lastSeenAt: now, expiresAt };
}

/** What the session read answers about a token, as one json value (platform/deferred-session.ts). */
export interface SessionState {
  member_id: number;
  merchant_id: number;
  member_type: number;
  member_status: string;
  revoked_at: string | null;
  expires_at: string;
  last_seen_at: string;
  requires_password_change: boolean;
}

/**
 * The session read as a scalar subquery for another statement (platform/deferred-session.ts):
 * the session under the token hash and its member's status and type as one json value
 * (SessionState), null for an unknown token. No lock: as the session read, it sees the
 * sessions committed when its statement began.
 */
export function sessionStateSql(tokenHash: string): SQL {
  return sql`(SELECT json_build_object('member_id', s.member_id, 'merchant_id', s.merchant_id, 'member_type', m.type,
      'member_status', m.status, 'revoked_at', s.revoked_at, 'expires_at', s.expires_at, 'last_seen_at', s.last_seen_at,
      'requires_password_change', s.requires_password_change)
    FROM sessions s JOIN members m ON m.id = s.member_id WHERE s.token_hash = ${tokenHash})`;
}

/**
 * A boolean SQL expression: the session of `tokenHash` passes authenticate's and requireMember's
 * checks at `now` for this member (id and type as remembered) and merchant: not revoked, expiring
 * after `now` (in milliseconds, as a Date compares), member ACTIVE, no pending password change
 * unless allowed. The same terms as platform/deferred-session.ts confirm on sessionStateSql's answer.
 */
export function sessionHoldsSql(
  tokenHash: string,
  expected: { memberId: number; memberType: number; merchantId: number; now: Date; allowPendingPasswordChange: boolean },
): SQL {
  return sql`EXISTS (SELECT 1 FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE s.token_hash = ${tokenHash} AND s.member_id = ${expected.memberId} AND m.type = ${expected.memberType}
       AND s.merchant_id = ${expected.merchantId} AND s.revoked_at IS NULL
       AND date_trunc('milliseconds', s.expires_at) > ${expected.now.toISOString()}::timestamptz AND m.status = 'ACTIVE'
       ${expected.allowPendingPasswordChange ? sql`` : sql`AND NOT s.requires_password_change`})`;
}

/** The member of a route guarded by a policy; a route without one calling this is a bug. */
export function currentMember(request: FastifyRequest): MemberRow {
  if (!request.member) throw new AppError('AUTH_REQUIRED');
  return request.member;
}

export function currentSession(request: FastifyRequest): SessionRow {
  if (!request.session) throw new AppError('AUTH_REQUIRED');
  return request.session;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('member', null);
  app.decorateRequest('session', null);
}
