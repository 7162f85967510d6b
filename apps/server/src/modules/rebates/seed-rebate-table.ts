import type { RebateCategory } from '@kismat/contracts/rebates';
import { eq } from 'drizzle-orm';
import { rebateLevels } from '../../db/schema/rebates';
import type { DbOrTx } from '../../platform/db';
import { type RebateTableLevel, writeRebateTable } from './change-rebate-config';

/**
 * The published table Asian sites show: slots 0.8%, live 0.6%, sports 0.5%, lottery 0.3% at
 * no VIP level, each rising 0.1% a level up to VIP 5, with a daily cap rising by level.
 */
const BASE: Record<RebateCategory, number> = {
  SLOTS: 80,
  LIVE: 60,
  SPORTS: 50,
  LOTTERY: 30,
  PVP: 50,
  FISH: 60,
  ESPORTS: 50,
  COCKFIGHT: 40,
};
const DAILY_CAPS = [5_000_00n, 10_000_00n, 20_000_00n, 50_000_00n, 100_000_00n, 200_000_00n];

export const DEFAULT_REBATE_TABLE: RebateTableLevel[] = DAILY_CAPS.map((dailyCap, levelRank) => ({
  levelRank,
  dailyCap,
  rates: (Object.entries(BASE) as [RebateCategory, number][]).map(([category, rateBp]) => ({ category, rateBp: rateBp + levelRank * 10 })),
}));

/** Gives a merchant the default table once (an operator's own table is never overwritten). */
export async function seedRebateTable(db: DbOrTx, merchantId: number): Promise<void> {
  const [existing] = await db
    .select({ rank: rebateLevels.levelRank })
    .from(rebateLevels)
    .where(eq(rebateLevels.merchantId, merchantId))
    .limit(1);
  if (existing) return;
  await writeRebateTable(db, merchantId, DEFAULT_REBATE_TABLE);
}
