import { VIP_BIRTHDAY_MIN_ACCOUNT_AGE_DAYS } from '@kismat/contracts/vip';
import { and, eq, gt, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { vipLevels, vipMembers } from '../../db/schema/vip';
import type { Db } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { listBirthdayMembers } from '../member/index';
import { applyVipUpgrades } from './apply-vip-upgrades';
import { payVipBonus } from './pay-vip-bonus';
import { periodOf, previousPeriod, readVipSettings, siteDayOf } from './vip-queries';

/** Members handled per transaction by the bonus passes (a bounded transaction, progress kept on failure). */
const CHUNK = 200;

/** The instant a site-time month 'YYYY-MM' starts. */
function periodStart(period: string, utcOffsetMinutes: number): Date {
  return new Date(Date.parse(`${period}-01T00:00:00Z`) - utcOffsetMinutes * 60_000);
}

/**
 * The month's retention review: each member with a level not yet reviewed for the closed month
 * who missed the level's retention target (deposit and/or valid bet of that month, by the
 * level's rule) drops ONE level; a member upgraded during that month or since is exempt (a fresh
 * level gets a full month), as is one whose level already changed today (one change a day). A
 * demotion starts the upgrade totals again from zero, so the play that earned the old level
 * cannot lift the member straight back. One statement per merchant; reviewed_period makes a
 * re-run a no-op.
 */
export async function reviewVipRetention(db: Db, merchant: { id: number; utcOffsetMinutes: number }, now: Date): Promise<number> {
  const settings = await readVipSettings(db, merchant.id);
  if (!settings.isRetentionOn) return 0;
  const closed = previousPeriod(periodOf(now, merchant.utcOffsetMinutes));
  const exemptSince = periodStart(closed, merchant.utcOffsetMinutes);
  const siteToday = siteDayOf(now, merchant.utcOffsetMinutes);
  const today = new Date(Date.parse(`${siteToday}T00:00:00Z`) - merchant.utcOffsetMinutes * 60_000);
  const result = await db.execute(sql`
    WITH due AS (
      SELECT vm.member_id, vm.rank,
        NOT CASE l.target_rule
          WHEN 'AND' THEN coalesce(pt.deposit, 0) >= l.retain_deposit AND coalesce(pt.valid_bet, 0) >= l.retain_valid_bet
          ELSE coalesce(pt.deposit, 0) >= l.retain_deposit OR coalesce(pt.valid_bet, 0) >= l.retain_valid_bet END
        AND NOT EXISTS (
          SELECT 1 FROM vip_level_changes c
          WHERE c.member_id = vm.member_id AND c.reason = 'UPGRADE' AND c.changed_at >= ${exemptSince}::timestamptz
        )
        AND (vm.changed_at IS NULL OR vm.changed_at < ${today}::timestamptz) AS is_demoted
      FROM vip_members vm
      JOIN vip_levels l ON l.merchant_id = vm.merchant_id AND l.rank = vm.rank
      LEFT JOIN vip_period_totals pt ON pt.member_id = vm.member_id AND pt.period = ${closed}
      WHERE vm.merchant_id = ${merchant.id} AND vm.rank > 0 AND (vm.reviewed_period IS NULL OR vm.reviewed_period < ${closed})
      FOR UPDATE OF vm
    ),
    reviewed AS (
      UPDATE vip_members vm SET
        rank = CASE WHEN due.is_demoted THEN vm.rank - 1 ELSE vm.rank END,
        changed_at = CASE WHEN due.is_demoted THEN ${now}::timestamptz ELSE vm.changed_at END,
        lifetime_deposit = CASE WHEN due.is_demoted THEN 0 ELSE vm.lifetime_deposit END,
        lifetime_valid_bet = CASE WHEN due.is_demoted THEN 0 ELSE vm.lifetime_valid_bet END,
        reviewed_period = ${closed},
        updated_at = ${now}::timestamptz
      FROM due WHERE vm.member_id = due.member_id
      RETURNING vm.member_id, vm.rank, due.is_demoted
    )
    INSERT INTO vip_level_changes (merchant_id, member_id, from_rank, to_rank, reason, changed_at)
    SELECT ${merchant.id}, member_id, rank + 1, rank, 'DEMOTION', ${now}::timestamptz FROM reviewed WHERE is_demoted
    RETURNING member_id
  `);
  return rowsOf(result).length;
}

/**
 * This month's bonus of each member's level, once per (member, month), for a level held since the
 * month began (reaching a level mid-month pays its bonus from the next month: a level bought for a
 * day cannot collect it, and a month's demotion, made on its first day, pays nothing that month).
 */
export async function payMonthlyBonuses(
  db: Db,
  merchant: { id: number; currency: string; utcOffsetMinutes: number },
  now: Date,
): Promise<number> {
  const period = periodOf(now, merchant.utcOffsetMinutes);
  const due = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT vm.member_id, l.rank, l.monthly_bonus FROM vip_members vm
      JOIN vip_levels l ON l.merchant_id = vm.merchant_id AND l.rank = vm.rank
      WHERE vm.merchant_id = ${merchant.id} AND l.monthly_bonus > 0
        AND (vm.changed_at IS NULL OR vm.changed_at < ${periodStart(period, merchant.utcOffsetMinutes)}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM vip_bonus_awards a WHERE a.member_id = vm.member_id AND a.kind = 'MONTHLY' AND a.period_key = ${period})
      ORDER BY vm.member_id
    `),
  );
  let paid = 0;
  for (let start = 0; start < due.length; start += CHUNK) {
    await db.transaction(async (tx) => {
      for (const row of due.slice(start, start + CHUNK)) {
        const isPaid = await payVipBonus(tx, {
          merchantId: merchant.id,
          currency: merchant.currency,
          memberId: toNumber(row.member_id),
          kind: 'MONTHLY',
          periodKey: period,
          rank: toNumber(row.rank),
          amount: BigInt(String(row.monthly_bonus)),
        });
        if (isPaid) paid += 1;
      }
    });
  }
  return paid;
}

/** Today's birthdays (site time) at a level with a birthday bonus, accounts older than 60 days: once per (member, year). */
export async function payBirthdayBonuses(
  db: Db,
  merchant: { id: number; currency: string; utcOffsetMinutes: number },
  now: Date,
): Promise<number> {
  const today = siteDayOf(now, merchant.utcOffsetMinutes);
  const createdBefore = new Date(now.getTime() - VIP_BIRTHDAY_MIN_ACCOUNT_AGE_DAYS * 86_400_000);
  const birthdays = await listBirthdayMembers(db, merchant.id, today.slice(5), createdBefore);
  if (birthdays.length === 0) return 0;
  const year = today.slice(0, 4);
  const ids = `{${birthdays.join(',')}}`;
  const due = await db
    .select({ memberId: vipMembers.memberId, rank: vipLevels.rank, amount: vipLevels.birthdayBonus })
    .from(vipMembers)
    .innerJoin(vipLevels, and(eq(vipLevels.merchantId, vipMembers.merchantId), eq(vipLevels.rank, vipMembers.rank)))
    .where(and(sql`${vipMembers.memberId} = ANY(${ids}::bigint[])`, gt(vipLevels.birthdayBonus, 0n)));
  let paid = 0;
  await db.transaction(async (tx) => {
    for (const row of due) {
      const isPaid = await payVipBonus(tx, {
        merchantId: merchant.id,
        currency: merchant.currency,
        memberId: row.memberId,
        kind: 'BIRTHDAY',
        periodKey: year,
        rank: row.rank,
        amount: row.amount,
      });
      if (isPaid) paid += 1;
    }
  });
  return paid;
}

/**
 * The VIP job: for every merchant with a ladder, upgrades that waited for a new day, the closed
 * month's retention review (demotion one level), this month's bonus and today's birthday bonus.
 * Every step is idempotent, so the job runs hourly (claimed in job_runs) and a missed or repeated
 * run changes nothing twice.
 */
export async function runVipReview(db: Db, now: Date): Promise<void> {
  const rows = await db
    .selectDistinct({ id: merchants.id, currency: merchants.currency, utcOffsetMinutes: merchants.utcOffsetMinutes })
    .from(merchants)
    .innerJoin(vipLevels, eq(vipLevels.merchantId, merchants.id));
  for (const merchant of rows) {
    const waiting = await db.select({ id: vipMembers.memberId }).from(vipMembers).where(eq(vipMembers.merchantId, merchant.id));
    for (let start = 0; start < waiting.length; start += CHUNK) {
      await db.transaction((tx) =>
        applyVipUpgrades(
          tx,
          waiting.slice(start, start + CHUNK).map((row) => row.id),
          now,
        ),
      );
    }
    await reviewVipRetention(db, merchant, now);
    await payMonthlyBonuses(db, merchant, now);
    await payBirthdayBonuses(db, merchant, now);
  }
}

export function vipReviewJob(db: Db): ScheduledJob {
  return { name: 'vip-review', everyMs: 3_600_000, run: (now) => runVipReview(db, now) };
}
