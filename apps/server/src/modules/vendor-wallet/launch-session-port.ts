import type { Column, SQL } from 'drizzle-orm';
import type { MemberStatus } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/** A launch as its token exchange sees it (authenticate). */
export interface LaunchByToken {
  id: number;
  vendorId: number;
  memberId: number;
  usedAt: Date | null;
  tokenExpiresAt: Date;
  currency: string;
  cashAccountId: number;
  isTrial: boolean;
  gameCode: string;
  memberStatus: MemberStatus;
}

/** A launch as a session read sees it (every bet, win, rollback and balance call). */
export interface LaunchSessionRow {
  sessionHash: string | null;
  launchId: number;
  merchantId: number;
  memberId: number;
  vendorId: number;
  gameId: number;
  gameCode: string;
  gameType: string;
  cashAccountId: number;
  currency: string;
  isTrial: boolean;
  sessionExpiresAt: Date | null;
  memberStatus: MemberStatus;
  /** The smallest max bet of the member's active promotion bonuses (minor units as text), null when none. */
  promotionMaxBet: string | null;
}

/**
 * The player sessions vendors name are rows of game-launch's table (game_launches: the launch
 * token, then the session it is exchanged for). game-launch sits above this module (a launch
 * needs the vendor directory), so this module cannot import it: the route registry
 * (modules/index.ts) hands game-launch's reads and writes in at start-up. Each is the one
 * statement it was here, so a vendor call makes no extra round trip.
 */
export interface LaunchSessions {
  /**
   * The one statement that reads the sessions of many hashes at once (a named prepared
   * statement, built once per database), with the member's promotion max bet as a column.
   */
  prepareSessionRead(
    db: DbOrTx,
    promotionMaxBetOf: (memberId: Column) => SQL<string | null>,
  ): (hashesJson: string) => Promise<LaunchSessionRow[]>;
  findLaunchByToken(db: DbOrTx, tokenHash: string): Promise<LaunchByToken | undefined>;
  /** Claims an unused launch for a session; false when another exchange claimed it first. */
  openLaunchSession(db: DbOrTx, input: { launchId: number; usedAt: Date; sessionHash: string; sessionExpiresAt: Date }): Promise<boolean>;
  /** Slides a session's expiry forward (never back). */
  extendLaunchSession(db: DbOrTx, input: { launchId: number; sessionExpiresAt: Date }): Promise<void>;
}

let registered: LaunchSessions | null = null;

export function registerLaunchSessions(sessions: LaunchSessions): void {
  registered = sessions;
}

export function launchSessions(): LaunchSessions {
  if (!registered) throw new Error('no launch sessions: modules/index.ts registers the game-launch module');
  return registered;
}
