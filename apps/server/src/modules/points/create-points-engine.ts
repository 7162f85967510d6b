import { pointsCategoryOf } from '@kismat/contracts/points';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { Fact, FactEngine } from '../facts/index';
import { bigintArray, wordArray } from './sql-arrays';

/**
 * The 'points' fact engine: every deposit and every round's valid bet earns points at the
 * merchant's exchange rate table. Set-based: a batch is one statement whatever its size. Per
 * (member, category) the eligible amount accrues in points_accruals, so the part of a bet below
 * one rate unit is carried over (a thousand ৳1 spins earn what one ৳1000 spin does); a fact's
 * points are floor(accrued after / unit) - floor(accrued before / unit), so each fact that
 * crosses a unit boundary gets its own EARN entry referencing it (`ROUND:<id>`, `DEPOSIT:<id>`,
 * unique), and a fact can never earn twice. Exactly once comes from the consumer's transaction:
 * this statement commits with the deletion of the batch from the queue, or not at all.
 * Concurrent batches (two nodes) touching one member serialise on the accrual and balance rows;
 * the upsert's RETURNING is the committed total after this batch, so neither loses the other's.
 */
export function createPointsEngine(): FactEngine {
  return {
    name: 'points',
    async apply(tx: Tx, facts: readonly Fact[]): Promise<void> {
      const rows = facts
        .map((fact) => ({ fact, category: pointsCategoryOf(fact.kind === 'DEPOSIT' ? null : fact.gameType) }))
        .filter((row): row is { fact: Fact; category: NonNullable<typeof row.category> } => row.category !== null && row.fact.amount > 0n)
        // Member order: concurrent batches take the members' rows in the same order (no deadlock).
        .sort((a, b) => a.fact.memberId - b.fact.memberId || a.fact.id - b.fact.id);
      if (rows.length === 0) return;
      await tx.execute(sql`
        WITH f AS (
          SELECT * FROM unnest(
            ${bigintArray(rows.map((row) => row.fact.id))},
            ${bigintArray(rows.map((row) => row.fact.merchantId))},
            ${bigintArray(rows.map((row) => row.fact.memberId))},
            ${wordArray(rows.map((row) => row.fact.kind))},
            ${bigintArray(rows.map((row) => row.fact.sourceId))},
            ${wordArray(rows.map((row) => row.category))},
            ${bigintArray(rows.map((row) => row.fact.amount))}
          ) AS f(fact_id, merchant_id, member_id, kind, source_id, category, amount)
        ),
        rated AS (
          SELECT f.*, r.unit_amount, r.unit_points
          FROM f JOIN points_exchange_rates r
            ON r.merchant_id = f.merchant_id AND r.category = f.category AND r.is_enabled
        ),
        accrued AS (
          INSERT INTO points_accruals (member_id, category, merchant_id, accrued)
          SELECT member_id, category, min(merchant_id), sum(amount) FROM rated
          GROUP BY member_id, category ORDER BY member_id, category
          ON CONFLICT (member_id, category) DO UPDATE SET accrued = points_accruals.accrued + excluded.accrued
          RETURNING member_id, category, accrued
        ),
        upto AS (
          SELECT rated.*, (a.accrued
            - sum(rated.amount) OVER (PARTITION BY rated.member_id, rated.category)
            + sum(rated.amount) OVER (PARTITION BY rated.member_id, rated.category ORDER BY rated.fact_id))::bigint AS reached
          FROM rated JOIN accrued a ON a.member_id = rated.member_id AND a.category = rated.category
        ),
        earned AS (
          SELECT *, (reached / unit_amount - (reached - amount) / unit_amount) * unit_points AS points
          FROM upto
        ),
        paid AS (SELECT * FROM earned WHERE points > 0),
        balances AS (
          INSERT INTO points_balances (member_id, merchant_id, balance, earned_total)
          SELECT member_id, min(merchant_id), sum(points), sum(points) FROM paid
          GROUP BY member_id ORDER BY member_id
          ON CONFLICT (member_id) DO UPDATE SET
            balance = points_balances.balance + excluded.balance,
            earned_total = points_balances.earned_total + excluded.earned_total,
            updated_at = now()
          RETURNING member_id, balance
        )
        INSERT INTO points_entries (merchant_id, member_id, delta, balance_after, kind, reference, created_at)
        SELECT paid.merchant_id, paid.member_id, paid.points,
          b.balance - sum(paid.points) OVER (PARTITION BY paid.member_id)
            + sum(paid.points) OVER (PARTITION BY paid.member_id ORDER BY paid.fact_id),
          'EARN', paid.kind || ':' || paid.source_id, now()
        FROM paid JOIN balances b ON b.member_id = paid.member_id
      `);
    },
  };
}
