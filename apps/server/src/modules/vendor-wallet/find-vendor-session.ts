import { and, eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { games } from '../../db/schema/catalogue';
import { gameLaunches } from '../../db/schema/games';
import { hashToken } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { VendorError } from './vendor-error';

/** A player session idles out after this long without a bet (wins and rollbacks still settle). */
export const SESSION_IDLE_MS = 30 * 60_000;
// Sliding the expiry costs a write; doing it at most every 5 minutes keeps bets to one UPDATE less.
const SLIDE_AFTER_MS = 5 * 60_000;

export interface VendorSession {
  launchId: number;
  merchantId: number;
  memberId: number;
  gameId: number;
  gameCode: string;
  gameType: string;
  cashAccountId: number;
  currency: string;
  sessionExpiresAt: Date;
  /** Fun mode: cashAccountId is MEMBER_TRIAL and the counterparty TRIAL_ISSUER. */
  isTrial: boolean;
}

function buildSessionQuery(db: DbOrTx) {
  return db
    .select({
      launchId: gameLaunches.id,
      merchantId: gameLaunches.merchantId,
      memberId: gameLaunches.memberId,
      vendorId: gameLaunches.vendorId,
      gameId: gameLaunches.gameId,
      gameCode: games.gameCode,
      gameType: games.category,
      cashAccountId: gameLaunches.cashAccountId,
      currency: gameLaunches.currency,
      isTrial: gameLaunches.isTrial,
      sessionExpiresAt: gameLaunches.sessionExpiresAt,
      memberStatus: members.status,
    })
    .from(gameLaunches)
    .innerJoin(members, eq(members.id, gameLaunches.memberId))
    .innerJoin(games, eq(games.id, gameLaunches.gameId))
    .where(eq(gameLaunches.sessionHash, sql.placeholder('sessionHash')))
    .limit(1)
    .prepare('vendor_find_session');
}

// Every bet, win and rollback reads its session: the query is built once per database and sent
// as a named prepared statement (parsed and planned once per connection), not rebuilt per call.
const sessionQueries = new WeakMap<DbOrTx, ReturnType<typeof buildSessionQuery>>();

function sessionQueryOf(db: DbOrTx) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = buildSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

/**
 * The player session a vendor call names. `mustBeLive` (bets, balance) refuses an expired one
 * with RS_ERROR_TOKEN_EXPIRED; wins and rollbacks pass false because vendors settle rounds after
 * the player has left. The user must be the session's member.
 */
export async function findVendorSession(
  db: DbOrTx,
  input: { vendorId: number; sessionId: string; user: string; mustBeLive: boolean; now: Date },
): Promise<VendorSession> {
  const [row] = await sessionQueryOf(db).execute({ sessionHash: hashToken(input.sessionId) });
  if (!row || row.vendorId !== input.vendorId || String(row.memberId) !== input.user || !row.sessionExpiresAt) {
    throw new VendorError('RS_ERROR_INVALID_TOKEN');
  }
  if (input.mustBeLive) {
    if (row.memberStatus !== 'ACTIVE') throw new VendorError('RS_ERROR_USER_DISABLED');
    if (row.sessionExpiresAt.getTime() <= input.now.getTime()) throw new VendorError('RS_ERROR_TOKEN_EXPIRED');
    if (row.sessionExpiresAt.getTime() - input.now.getTime() < SESSION_IDLE_MS - SLIDE_AFTER_MS) {
      const expiresAt = new Date(input.now.getTime() + SESSION_IDLE_MS);
      await db
        .update(gameLaunches)
        .set({ sessionExpiresAt: expiresAt })
        .where(and(eq(gameLaunches.id, row.launchId), sql`${gameLaunches.sessionExpiresAt} < ${expiresAt}`));
      row.sessionExpiresAt = expiresAt;
    }
  }
  return { ...row, sessionExpiresAt: row.sessionExpiresAt };
}

/** The session a wallet call (bet, win, rollback) names, looked up with the call's vendor, database and clock. */
export function findCallSession(
  call: { db: DbOrTx; vendor: { vendorId: number }; now: Date },
  request: { sessionId: string; user: string },
  mustBeLive: boolean,
): Promise<VendorSession> {
  return findVendorSession(call.db, {
    vendorId: call.vendor.vendorId,
    sessionId: request.sessionId,
    user: request.user,
    mustBeLive,
    now: call.now,
  });
}
