import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { Fact, FactEngine } from '../facts/index';
import { applyVipUpgrades } from './apply-vip-upgrades';

function bigintArray(values: readonly (bigint | number)[]) {
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

/**
 * The 'vip' fact engine: each deposit and each round's valid bet adds to the member's lifetime
 * totals and to the month's (site time) in two set-based statements, then members whose totals
 * now reach a higher level are upgraded (applyVipUpgrades; rare, so per member). Exactly once by
 * the consumer's transaction, like every engine. `now` is the app's clock (the one-change-a-day rule).
 */
export function createVipEngine(now: () => Date): FactEngine {
  return {
    name: 'vip',
    async apply(tx: Tx, facts: readonly Fact[]): Promise<void> {
      const rows = facts.filter((fact) => fact.amount > 0n).sort((a, b) => a.memberId - b.memberId || a.id - b.id);
      if (rows.length === 0) return;
      await tx.execute(sql`
        WITH f AS (
          SELECT * FROM unnest(
            ${bigintArray(rows.map((fact) => fact.merchantId))},
            ${bigintArray(rows.map((fact) => fact.memberId))},
            ${bigintArray(rows.map((fact) => (fact.kind === 'DEPOSIT' ? 1 : 0)))},
            ${bigintArray(rows.map((fact) => fact.amount))},
            ${bigintArray(rows.map((fact) => fact.occurredAt.getTime()))}
          ) AS f(merchant_id, member_id, is_deposit, amount, at_ms)
        ),
        p AS (
          SELECT f.*, to_char((to_timestamp(f.at_ms / 1000.0) AT TIME ZONE 'UTC') + make_interval(mins => m.utc_offset_minutes), 'YYYY-MM') AS period,
            CASE WHEN f.is_deposit = 1 THEN f.amount ELSE 0 END AS deposit,
            CASE WHEN f.is_deposit = 1 THEN 0 ELSE f.amount END AS valid_bet
          FROM f JOIN merchants m ON m.id = f.merchant_id
        ),
        totals AS (
          INSERT INTO vip_period_totals (member_id, period, merchant_id, deposit, valid_bet)
          SELECT member_id, period, min(merchant_id), sum(deposit), sum(valid_bet) FROM p
          GROUP BY member_id, period ORDER BY member_id, period
          ON CONFLICT (member_id, period) DO UPDATE SET
            deposit = vip_period_totals.deposit + excluded.deposit,
            valid_bet = vip_period_totals.valid_bet + excluded.valid_bet
        )
        INSERT INTO vip_members (member_id, merchant_id, lifetime_deposit, lifetime_valid_bet)
        SELECT member_id, min(merchant_id), sum(deposit), sum(valid_bet) FROM p
        GROUP BY member_id ORDER BY member_id
        ON CONFLICT (member_id) DO UPDATE SET
          lifetime_deposit = vip_members.lifetime_deposit + excluded.lifetime_deposit,
          lifetime_valid_bet = vip_members.lifetime_valid_bet + excluded.lifetime_valid_bet,
          updated_at = now()
      `);
      await applyVipUpgrades(
        tx,
        rows.map((fact) => fact.memberId),
        now(),
      );
    },
  };
}
