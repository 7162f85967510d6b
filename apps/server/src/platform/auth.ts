import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
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
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(now.getTime() + idleMillis(request));
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(and(eq(sessions.id, session.id), lt(sessions.lastSeenAt, now), sql`${sessions.revokedAt} is null`));
    session = { ...session, lastSeenAt: now, expiresAt };
  }
  request.member = found.member;
  request.session = session;
  return { member: found.member, session };
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
