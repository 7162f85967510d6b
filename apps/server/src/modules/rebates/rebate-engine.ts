import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import { REBATE_CATEGORY_OF, type RebateCategory } from '@kismat/contracts/rebates';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { Fact, FactEngine } from '../facts/index';
import type { LoyaltyPorts } from './ports';
import { readMemberLevels, readMerchantRebateOptions } from './rebate-config';
import { localDayOf } from './site-time';
import { jsonRows } from './sql-rows';

/** The rebate category of a round's catalogue game type; null for a type the table does not know. */
export function rebateCategoryOf(gameType: string | null): RebateCategory | null {
  if (gameType === null || !(GAME_CATEGORIES as readonly string[]).includes(gameType)) return null;
  return REBATE_CATEGORY_OF[gameType as GameCategory];
}

interface Accrual {
  merchantId: number;
  memberId: number;
  day: string;
  category: RebateCategory;
  validBet: bigint;
}

/**
 * The 'rebates' fact engine: each settled round adds its valid bet, and the rebate at the
 * member's level rate for its game type, to the member's accrual row of that site-time day and
 * game type. Exactly once comes from the consumer's transaction; the work is set-based: a few
 * reads for the batch (merchants, levels, rates, promotion play) and one ordered upsert.
 * Rebate is rounded down per row and batch (never more than the rate gives).
 */
export function createRebateEngine(ports: LoyaltyPorts): FactEngine {
  return {
    name: 'rebates',
    async apply(tx: Tx, facts: readonly Fact[]): Promise<void> {
      const rounds = facts.filter((fact) => fact.kind === 'ROUND' && fact.amount > 0n && rebateCategoryOf(fact.gameType) !== null);
      if (rounds.length === 0) return;
      const options = await readMerchantRebateOptions(tx, [...new Set(rounds.map((fact) => fact.merchantId))]);
      const excluded = await membersExcluded(tx, ports, rounds, options);

      const groups = new Map<string, Accrual>();
      for (const fact of rounds) {
        const merchant = options.get(fact.merchantId);
        if (!merchant || excluded.has(fact.memberId)) continue;
        const category = rebateCategoryOf(fact.gameType) as RebateCategory;
        const day = localDayOf(fact.occurredAt, merchant.offsetMinutes);
        const key = `${fact.memberId}|${day}|${category}`;
        const group = groups.get(key);
        if (group) group.validBet += fact.amount;
        else groups.set(key, { merchantId: fact.merchantId, memberId: fact.memberId, day, category, validBet: fact.amount });
      }
      if (groups.size === 0) return;

      const rows: Record<string, unknown>[] = [];
      for (const [merchantId, accruals] of byMerchant([...groups.values()])) {
        const levels = await readMemberLevels(tx, ports, merchantId, [...new Set(accruals.map((accrual) => accrual.memberId))]);
        for (const accrual of accruals) {
          const rate = BigInt(levels.get(accrual.memberId)?.rateOf(accrual.category) ?? 0);
          rows.push({ ...accrual, accrued: (accrual.validBet * rate) / 10_000n });
        }
      }
      // One order for every writer of these rows (member, day, category), so a batch and a claim never deadlock.
      rows.sort((a, b) => compareKeys(a, b));
      await tx.execute(sql`
        INSERT INTO rebate_accruals (merchant_id, member_id, day, category, valid_bet, accrued)
        SELECT r.merchant_id, r.member_id, r.day, r.category, r.valid_bet, r.accrued
          FROM jsonb_to_recordset(${jsonRows(rows)}) AS r(merchant_id int, member_id bigint, day date, category text, valid_bet bigint, accrued bigint)
        ON CONFLICT (member_id, day, category) DO UPDATE
           SET valid_bet = rebate_accruals.valid_bet + excluded.valid_bet,
               accrued = rebate_accruals.accrued + excluded.accrued,
               updated_at = now()`);
    },
  };
}

/** Members whose play earns no rebate now: paying off a promotion's turnover where the merchant says so. */
async function membersExcluded(
  tx: Tx,
  ports: LoyaltyPorts,
  rounds: readonly Fact[],
  options: Map<number, { excludesPromotionPlay: boolean }>,
): Promise<ReadonlySet<number>> {
  if (!ports.membersPayingOffPromotion) return new Set();
  const asked = [...new Set(rounds.filter((fact) => options.get(fact.merchantId)?.excludesPromotionPlay).map((fact) => fact.memberId))];
  if (asked.length === 0) return new Set();
  return ports.membersPayingOffPromotion(tx, asked);
}

function byMerchant(accruals: readonly Accrual[]): Map<number, Accrual[]> {
  const map = new Map<number, Accrual[]>();
  for (const accrual of accruals) {
    const list = map.get(accrual.merchantId);
    if (list) list.push(accrual);
    else map.set(accrual.merchantId, [accrual]);
  }
  return map;
}

function compareKeys(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const memberA = a.memberId as number;
  const memberB = b.memberId as number;
  if (memberA !== memberB) return memberA - memberB;
  const dayOrder = (a.day as string).localeCompare(b.day as string);
  if (dayOrder !== 0) return dayOrder;
  return (a.category as string).localeCompare(b.category as string);
}
