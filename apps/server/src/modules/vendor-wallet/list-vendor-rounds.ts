import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../../platform/sql-values';
import { gameFieldsSql, vendorFieldsSql } from '../catalogue/index';
import { usernameSql } from '../member/index';

/** A vendor round as the operator screens show it (issue 21: an aggregator's rounds are its studios' vendors' rounds). */
export interface VendorRoundRow {
  id: number;
  vendorRoundId: string;
  vendorCode: string;
  gameCode: string;
  gameName: string;
  memberId: number;
  username: string;
  currency: string;
  status: string;
  isTrial: boolean;
  betTotal: bigint;
  payoutTotal: bigint;
  betCount: number;
  openedAt: Date;
  settledAt: Date | null;
}

export interface VendorRoundFilter {
  merchantId: number;
  vendorIds: readonly number[];
  from?: Date | undefined;
  to?: Date | undefined;
  status?: 'OPEN' | 'CLOSED' | undefined;
  memberId?: number | undefined;
  vendorRoundIds?: readonly string[] | undefined;
}

function conditions(filter: VendorRoundFilter): SQL {
  return and(
    eq(gameRounds.merchantId, filter.merchantId),
    inArray(gameRounds.vendorId, [...filter.vendorIds]),
    filter.from ? gte(gameRounds.openedAt, filter.from) : undefined,
    filter.to ? lt(gameRounds.openedAt, filter.to) : undefined,
    filter.status ? eq(gameRounds.status, filter.status) : undefined,
    filter.memberId !== undefined ? eq(gameRounds.memberId, filter.memberId) : undefined,
    filter.vendorRoundIds ? inArray(gameRounds.vendorRoundId, [...filter.vendorRoundIds]) : undefined,
  ) as SQL;
}

/**
 * Rounds of the given vendors for a merchant, newest first, one page, with the total count; or
 * (vendorRoundIds, no page) exactly the rounds named. Names come from the catalogue's and the
 * member's faces as scalar SQL, so it stays one statement per page.
 */
export async function listVendorRounds(
  db: DbOrTx,
  filter: VendorRoundFilter & { pageNo?: number; pageSize?: number },
): Promise<{ list: VendorRoundRow[]; total: number }> {
  if (filter.vendorIds.length === 0 || filter.vendorRoundIds?.length === 0) return { list: [], total: 0 };
  const where = conditions(filter);
  const vendor = vendorFieldsSql(gameRounds.vendorId);
  const game = gameFieldsSql(gameRounds.gameId, 'EN');
  const query = db
    .select({
      id: gameRounds.id,
      vendorRoundId: gameRounds.vendorRoundId,
      vendorCode: vendor.code,
      gameCode: game.code,
      gameName: game.name,
      memberId: gameRounds.memberId,
      username: usernameSql(gameRounds.memberId),
      currency: gameRounds.currency,
      status: gameRounds.status,
      isTrial: gameRounds.isTrial,
      betTotal: gameRounds.betTotal,
      payoutTotal: gameRounds.payoutTotal,
      betCount: gameRounds.betCount,
      openedAt: gameRounds.openedAt,
      settledAt: gameRounds.settledAt,
    })
    .from(gameRounds)
    .where(where)
    .orderBy(desc(gameRounds.openedAt), desc(gameRounds.id));
  const paged = filter.pageSize ? query.limit(filter.pageSize).offset(((filter.pageNo ?? 1) - 1) * filter.pageSize) : query;
  const [rows, totals] = await Promise.all([
    paged,
    filter.pageSize ? db.select({ total: count() }).from(gameRounds).where(where) : Promise.resolve(null),
  ]);
  const list = rows.map((row) => ({
    ...row,
    id: Number(row.id),
    memberId: Number(row.memberId),
    betTotal: toBigInt(row.betTotal),
    payoutTotal: toBigInt(row.payoutTotal),
  }));
  return { list, total: totals ? Number(totals[0]?.total ?? 0) : list.length };
}
