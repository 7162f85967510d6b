import { hashToken } from '../../platform/auth';
import { BatchedReader, readerPerDatabase } from '../../platform/batched-reader';
import type { DbOrTx } from '../../platform/db';
import { promotionMaxBetSql } from '../promotions/index';
import { type LaunchSessionRow, launchSessions } from './launch-session-port';
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
  /** The smallest max bet of the member's active promotion bonuses (minor units as text), null when none (issue 14). */
  promotionMaxBet: string | null;
}

function buildSessionQuery(db: DbOrTx) {
  // game-launch's statement (the sessions are its launches), with the promotions' max bet as a column.
  return launchSessions().prepareSessionRead(db, promotionMaxBetSql);
}

/**
 * Every bet, win and rollback reads its session. The reads of calls arriving together share one
 * statement (platform/batched-reader.ts); each call checks its own row exactly as before. Outside
 * any transaction, so PGlite's single connection only ever queues it behind a batch.
 */
const sessionReaderOf = readerPerDatabase((db) => new BatchedReader<LaunchSessionRow>(buildSessionQuery(db), (row) => row.sessionHash));

/**
 * The player session a vendor call names. `mustBeLive` (bets, balance) refuses an expired one
 * with RS_ERROR_TOKEN_EXPIRED; wins and rollbacks pass false because vendors settle rounds after
 * the player has left. The user must be the session's member.
 */
export async function findVendorSession(
  db: DbOrTx,
  input: { vendorId: number; sessionId: string; user: string; mustBeLive: boolean; now: Date },
): Promise<VendorSession> {
  const shared = await sessionReaderOf(db).read(hashToken(input.sessionId));
  // Callers naming the same session share the row read; this call slides its own copy.
  const row = shared ? { ...shared } : undefined;
  if (!row || row.vendorId !== input.vendorId || String(row.memberId) !== input.user || !row.sessionExpiresAt) {
    throw new VendorError('RS_ERROR_INVALID_TOKEN');
  }
  if (input.mustBeLive) {
    if (row.memberStatus !== 'ACTIVE') throw new VendorError('RS_ERROR_USER_DISABLED');
    if (row.sessionExpiresAt.getTime() <= input.now.getTime()) throw new VendorError('RS_ERROR_TOKEN_EXPIRED');
    if (row.sessionExpiresAt.getTime() - input.now.getTime() < SESSION_IDLE_MS - SLIDE_AFTER_MS) {
      const expiresAt = new Date(input.now.getTime() + SESSION_IDLE_MS);
      await launchSessions().extendLaunchSession(db, { launchId: row.launchId, sessionExpiresAt: expiresAt });
      row.sessionExpiresAt = expiresAt;
    }
  }
  const { sessionHash: _hash, ...session } = row;
  return { ...session, sessionExpiresAt: row.sessionExpiresAt };
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
