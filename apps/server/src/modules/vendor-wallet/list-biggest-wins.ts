import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { type CataloguePorts, gameFieldsSql, vendorFieldsSql } from '../catalogue/index';
import { usernameSql } from '../member/index';

/**
 * The largest net wins (payout minus stake) of closed real-money rounds since a time, for the
 * catalogue's winner board (its port, filled in by modules/index.ts). The game, vendor and member
 * fields are their owners' scalar SQL: one statement, each field one primary-key probe.
 */
export const listBiggestWins: CataloguePorts['listBiggestWins'] = async (db: DbOrTx, input) => {
  const netWin = sql<bigint>`${gameRounds.payoutTotal} - ${gameRounds.betTotal}`;
  const game = gameFieldsSql(gameRounds.gameId, input.language);
  return db
    .select({
      username: usernameSql(gameRounds.memberId),
      netWin: netWin.mapWith((value: unknown) => BigInt(String(value))),
      iconUrl: game.iconUrl,
      gameName: game.name,
      vendorCode: vendorFieldsSql(gameRounds.vendorId).code,
      gameId: gameRounds.gameId,
      closedAt: gameRounds.closedAt,
    })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.merchantId, input.merchantId),
        // game_rounds_biggest_wins's predicate, as literals so the planner sees the partial index
        // applies (walked in the ORDER BY's order: the board is its first rows in the window).
        // Fun-mode (play money) wins are not wins.
        sql`${gameRounds.status} = 'CLOSED' AND ${gameRounds.isTrial} = false`,
        gt(gameRounds.payoutTotal, gameRounds.betTotal),
        gte(gameRounds.closedAt, input.since),
        input.category === 'ALL' ? undefined : eq(gameRounds.gameType, input.category),
      ),
    )
    .orderBy(desc(netWin), desc(gameRounds.closedAt))
    .limit(input.limit);
};
