import { REBATE_CATEGORIES, type RebateCategory } from '@kismat/contracts/rebates';
import { and, eq, gt, sql } from 'drizzle-orm';
import { rebateAccruals } from '../../db/schema/rebates';
import type { DbOrTx } from '../../platform/db';
import type { LoyaltyPorts } from './ports';
import { paidOnDay } from './rebate-allocation';
import { readDailyCap, readMemberLevels, readRebateSettings } from './rebate-config';
import { localDayOf } from './site-time';

export interface PendingRebate {
  list: { category: RebateCategory; validBet: bigint; amount: bigint }[];
  total: bigint;
  minimumClaim: bigint;
  dailyCap: bigint | null;
  paidToday: bigint;
  claimable: bigint;
  levelRank: number;
  isAutoDailyOn: boolean;
}

/** What the member has earned and not been paid, by game type, and what a claim now would pay. */
export async function getPendingRebate(
  db: DbOrTx,
  ports: LoyaltyPorts,
  input: { merchantId: number; memberId: number; offsetMinutes: number; now: Date },
): Promise<PendingRebate> {
  const rows = await db
    .select({
      category: rebateAccruals.category,
      validBet: sql<string>`sum(${rebateAccruals.validBet})`,
      amount: sql<string>`sum(${rebateAccruals.accrued} - ${rebateAccruals.claimed})`,
    })
    .from(rebateAccruals)
    .where(and(eq(rebateAccruals.memberId, input.memberId), gt(rebateAccruals.accrued, rebateAccruals.claimed)))
    .groupBy(rebateAccruals.category);
  const order = (category: RebateCategory) => REBATE_CATEGORIES.indexOf(category);
  const list = rows
    .map((row) => ({ category: row.category, validBet: BigInt(row.validBet), amount: BigInt(row.amount) }))
    .sort((a, b) => order(a.category) - order(b.category));
  const total = list.reduce((sum, row) => sum + row.amount, 0n);
  const settings = await readRebateSettings(db, input.merchantId);
  const level = (await readMemberLevels(db, ports, input.merchantId, [input.memberId])).get(input.memberId);
  const levelRank = level?.rank ?? 0;
  const dailyCap = await readDailyCap(db, input.merchantId, levelRank);
  const paidToday = (await paidOnDay(db, [input.memberId], localDayOf(input.now, input.offsetMinutes))).get(input.memberId) ?? 0n;
  const room = dailyCap === null ? total : dailyCap - paidToday;
  const claimable = total < room ? total : room > 0n ? room : 0n;
  return {
    list,
    total,
    minimumClaim: settings.minimumClaim,
    dailyCap,
    paidToday,
    claimable,
    levelRank,
    isAutoDailyOn: settings.isAutoDailyOn,
  };
}
