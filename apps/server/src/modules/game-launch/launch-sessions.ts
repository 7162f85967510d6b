import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MemberStatus } from '../../db/schema/accounts';
import { gameLaunches } from '../../db/schema/games';
import { gameKindsRelation } from '../catalogue/index';
import { memberStatusRelation } from '../member/index';
import type { LaunchSessions } from '../vendor-wallet/index';

/*
 * The vendor API's player sessions, in this module's launches (registered as vendor-wallet's
 * port by modules/index.ts). The member's status and the game's code and category come from
 * their owners' faces as derived tables PostgreSQL inlines: each read is the one joined
 * statement it always was.
 */

const member = sql`member`;
const game = sql`game`;

export const launchSessions: LaunchSessions = {
  prepareSessionRead(db, promotionMaxBetOf) {
    const query = db
      .select({
        sessionHash: gameLaunches.sessionHash,
        launchId: gameLaunches.id,
        merchantId: gameLaunches.merchantId,
        memberId: gameLaunches.memberId,
        vendorId: gameLaunches.vendorId,
        gameId: gameLaunches.gameId,
        gameCode: sql<string>`${game}.game_code`,
        gameType: sql<string>`${game}.category`,
        cashAccountId: gameLaunches.cashAccountId,
        currency: gameLaunches.currency,
        isTrial: gameLaunches.isTrial,
        sessionExpiresAt: gameLaunches.sessionExpiresAt,
        memberStatus: sql<MemberStatus>`${member}.status`,
        promotionMaxBet: promotionMaxBetOf(gameLaunches.memberId),
      })
      .from(gameLaunches)
      .innerJoin(sql`${memberStatusRelation()} AS ${member}`, sql`${member}.id = ${gameLaunches.memberId}`)
      .innerJoin(sql`${gameKindsRelation()} AS ${game}`, sql`${game}.id = ${gameLaunches.gameId}`)
      .where(sql`${gameLaunches.sessionHash} IN (SELECT jsonb_array_elements_text(${sql.placeholder('hashes')}::jsonb))`)
      .prepare('vendor_find_sessions');
    return (hashesJson) => query.execute({ hashes: hashesJson });
  },

  async findLaunchByToken(db, tokenHash) {
    const [launch] = await db
      .select({
        id: gameLaunches.id,
        vendorId: gameLaunches.vendorId,
        memberId: gameLaunches.memberId,
        usedAt: gameLaunches.usedAt,
        tokenExpiresAt: gameLaunches.tokenExpiresAt,
        currency: gameLaunches.currency,
        cashAccountId: gameLaunches.cashAccountId,
        isTrial: gameLaunches.isTrial,
        gameCode: sql<string>`${game}.game_code`,
        memberStatus: sql<MemberStatus>`${member}.status`,
      })
      .from(gameLaunches)
      .innerJoin(sql`${gameKindsRelation()} AS ${game}`, sql`${game}.id = ${gameLaunches.gameId}`)
      .innerJoin(sql`${memberStatusRelation()} AS ${member}`, sql`${member}.id = ${gameLaunches.memberId}`)
      .where(eq(gameLaunches.tokenHash, tokenHash))
      .limit(1);
    return launch;
  },

  async openLaunchSession(db, input) {
    const claimed = await db
      .update(gameLaunches)
      .set({ usedAt: input.usedAt, sessionHash: input.sessionHash, sessionExpiresAt: input.sessionExpiresAt })
      .where(and(eq(gameLaunches.id, input.launchId), isNull(gameLaunches.usedAt)))
      .returning({ id: gameLaunches.id });
    return claimed.length > 0;
  },

  async extendLaunchSession(db, input) {
    await db
      .update(gameLaunches)
      .set({ sessionExpiresAt: input.sessionExpiresAt })
      .where(and(eq(gameLaunches.id, input.launchId), sql`${gameLaunches.sessionExpiresAt} < ${input.sessionExpiresAt}`));
  },
};
