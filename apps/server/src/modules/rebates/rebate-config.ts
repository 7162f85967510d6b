import type { RebateCategory } from '@kismat/contracts/rebates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { rebateLevels, rebateRates, rebateSettings } from '../../db/schema/rebates';
import type { DbOrTx } from '../../platform/db';
import type { LoyaltyPorts } from './ports';

export interface RebateSettings {
  minimumClaim: bigint;
  isAutoDailyOn: boolean;
  autoDailyHour: number;
  excludesPromotionPlay: boolean;
}

/** A merchant without a settings row: manual claims from 1.00, no automatic payment, promotion play counts. */
export const DEFAULT_REBATE_SETTINGS: RebateSettings = {
  minimumClaim: 100n,
  isAutoDailyOn: false,
  autoDailyHour: 3,
  excludesPromotionPlay: false,
};

export async function readRebateSettings(db: DbOrTx, merchantId: number): Promise<RebateSettings> {
  const [row] = await db.select().from(rebateSettings).where(eq(rebateSettings.merchantId, merchantId));
  if (!row) return DEFAULT_REBATE_SETTINGS;
  return {
    minimumClaim: row.minimumClaim,
    isAutoDailyOn: row.isAutoDailyOn,
    autoDailyHour: row.autoDailyHour,
    excludesPromotionPlay: row.excludesPromotionPlay,
  };
}

/** Site-time offset and the promotion-play option of each merchant in a batch (one query). */
export async function readMerchantRebateOptions(
  db: DbOrTx,
  merchantIds: readonly number[],
): Promise<Map<number, { offsetMinutes: number; currency: string; excludesPromotionPlay: boolean }>> {
  const rows = await db
    .select({
      id: merchants.id,
      offsetMinutes: merchants.utcOffsetMinutes,
      currency: merchants.currency,
      excludesPromotionPlay: sql<boolean>`coalesce(${rebateSettings.excludesPromotionPlay}, false)`,
    })
    .from(merchants)
    .leftJoin(rebateSettings, eq(rebateSettings.merchantId, merchants.id))
    .where(inArray(merchants.id, [...merchantIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The rate table of a merchant: rate (bp) by `${rank}:${category}`. */
export async function readRateTable(db: DbOrTx, merchantId: number, ranks?: readonly number[]): Promise<Map<string, number>> {
  const rows = await db
    .select()
    .from(rebateRates)
    .where(
      ranks
        ? and(eq(rebateRates.merchantId, merchantId), inArray(rebateRates.levelRank, [...ranks]))
        : eq(rebateRates.merchantId, merchantId),
    );
  return new Map(rows.map((row) => [`${row.levelRank}:${row.category}`, row.rateBp]));
}

/** The daily cap of a level rank (null: no cap). A rank without a row takes the highest rank below it that has one. */
export async function readDailyCap(db: DbOrTx, merchantId: number, rank: number): Promise<bigint | null> {
  const [row] = await db
    .select({ dailyCap: rebateLevels.dailyCap })
    .from(rebateLevels)
    .where(and(eq(rebateLevels.merchantId, merchantId), sql`${rebateLevels.levelRank} <= ${rank}`))
    .orderBy(sql`${rebateLevels.levelRank} DESC`)
    .limit(1);
  return row ? row.dailyCap : null;
}

export interface MemberLevel {
  rank: number;
  rateOf(category: RebateCategory): number;
}

/**
 * The level and rates of each member in one merchant: the VIP face's level (rank 0 without VIP);
 * its rates where the ladder carries them, else the rebate table's row for the rank.
 */
export async function readMemberLevels(
  db: DbOrTx,
  ports: LoyaltyPorts,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Map<number, MemberLevel>> {
  const vip = ports.vipLevelsOf ? await ports.vipLevelsOf(db, merchantId, memberIds) : new Map();
  const ranks = new Set<number>([0]);
  for (const view of vip.values()) ranks.add(view.rank);
  const table = await readRateTable(db, merchantId, [...ranks]);
  const levels = new Map<number, MemberLevel>();
  for (const memberId of memberIds) {
    const view = vip.get(memberId);
    const rank = view?.rank ?? 0;
    levels.set(memberId, {
      rank,
      rateOf: (category) => view?.rebateRates?.[category] ?? table.get(`${rank}:${category}`) ?? 0,
    });
  }
  return levels;
}
