import { sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { gameByCodeRelation } from '../catalogue/index';
import type { HouseGameRounds } from '../house-games/index';
import { accountOwnersRelation } from '../wallet/index';

/*
 * The house games' settled spins and draws in this module's game_rounds (registered as the
 * house games' port by modules/index.ts): each the one statement it was in house games, the
 * catalogue game and the account owners as derived tables from their faces.
 */
export const houseGameRounds: HouseGameRounds = {
  async findGame(db, vendorCode, gameCode) {
    const [row] = rowsOf<{ id: unknown; vendor_id: unknown; category: string }>(
      await db.execute(sql`SELECT g.id, g.vendor_id, g.category FROM ${gameByCodeRelation(vendorCode, gameCode)} AS g`),
    );
    return row ? { gameId: Number(row.id), vendorId: Number(row.vendor_id), category: row.category } : undefined;
  },

  async insertClosedRound(tx, round) {
    const [recorded] = await tx
      .insert(gameRounds)
      .values({ ...round, status: 'CLOSED' })
      .returning({ id: gameRounds.id });
    return recorded?.id;
  },

  closedRoundSql(round) {
    return sql`
      INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
        is_trial, bet_total, payout_total, bet_count, opened_at, closed_at)
      VALUES (${round.merchantId}, ${round.memberId}, ${round.vendorId}, ${round.gameId}, ${round.gameType}, ${round.vendorRoundId},
        ${round.currency}, 'CLOSED', ${round.isTrial}, ${String(round.betTotal)}::bigint, ${String(round.payoutTotal)}::bigint,
        ${round.betCount}, ${round.openedAt.toISOString()}::timestamptz, ${round.closedAt.toISOString()}::timestamptz)
      RETURNING id`;
  },

  async insertDrawnRounds(tx, input) {
    const rows = rowsOf<{
      id: unknown;
      merchant_id: unknown;
      member_id: unknown;
      game_type: string;
      bet_total: unknown;
      payout_total: unknown;
      is_trial: unknown;
    }>(
      await tx.execute(sql`
      INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
        is_trial, bet_total, payout_total, bet_count, opened_at, closed_at)
      SELECT a.merchant_id, a.owner_member_id, g.vendor_id, g.id, g.category, ${input.roundKeyPrefix}::text || a.id,
             a.currency, 'CLOSED', a.is_trial, s.stake, s.payout, s.tickets, s.first_placed_at, ${input.closedAt.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${input.accountsJson}::jsonb)
               AS s(account_id bigint, tickets int, stake bigint, payout bigint, first_placed_at timestamptz)
        JOIN ${accountOwnersRelation()} AS a ON a.id = s.account_id
        CROSS JOIN ${gameByCodeRelation(input.vendorCode, input.gameCode)} AS g
      RETURNING id, merchant_id, member_id, game_type, bet_total, payout_total, is_trial`),
    );
    return rows.map((row) => ({
      id: toNumber(row.id),
      merchantId: toNumber(row.merchant_id),
      memberId: toNumber(row.member_id),
      gameType: row.game_type,
      betTotal: toBigInt(row.bet_total),
      payoutTotal: toBigInt(row.payout_total),
      isTrial: row.is_trial === true || row.is_trial === 't',
    }));
  },
};
