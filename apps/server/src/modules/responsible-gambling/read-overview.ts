import {
  RG_PERIOD_HOURS,
  RG_REVIEW_AFTER_DAYS,
  type RgExclusion,
  type RgHistoryItem,
  type RgLimit,
  type RgOverviewValue,
  type RgPeriod,
  rgUnitOf,
} from '@kismat/contracts/responsible-gambling';
import { and, count, desc, eq } from 'drizzle-orm';
import { rgLimitChanges } from '../../db/schema/responsible-gambling';
import { columnsEqual } from '../../platform/columns-equal';
import type { DbOrTx } from '../../platform/db';
import { isBlockedAt, readUsageRows } from './charge-responsible-gambling';
import { latestExclusions, type RgExclusionRow } from './manage-exclusion';
import { capOf, formatLimitValue, HOUR_MS, oldestResetOf, type UsageRow, usageInUnit, usageOfBucket, windowStart } from './rg-rules';
import { type MemberRef, type RgLimitRow, readLimits, readState } from './rg-state';

const DAY_MS = 24 * HOUR_MS;

/** A limit with its usage in the rolling window. */
export function presentLimit(limit: RgLimitRow, rows: readonly UsageRow[], now: Date): RgLimit {
  const from = windowStart(now, limit.period);
  const inWindow = rows.filter((row) => row.hour >= from);
  const raw = inWindow.reduce((sum, row) => sum + usageOfBucket(limit.kind, row), 0n);
  const used = raw < 0n ? 0n : raw;
  const cap = capOf(limit.kind, limit.value);
  const remaining = cap > used ? cap - used : 0n;
  const windowFrom = new Date(now.getTime() - RG_PERIOD_HOURS[limit.period] * HOUR_MS);
  return {
    kind: limit.kind,
    period: limit.period,
    unit: rgUnitOf(limit.kind),
    value: formatLimitValue(limit.kind, limit.value),
    used: formatLimitValue(limit.kind, usageInUnit(limit.kind, used)),
    remaining: formatLimitValue(limit.kind, usageInUnit(limit.kind, remaining)),
    usedPercent: Math.min(100, Number((used * 10_000n) / cap) / 100),
    resetsAt: oldestResetOf(limit.kind, limit.period, inWindow)?.toISOString() ?? null,
    setAt: limit.setAt.toISOString(),
    countsFrom: (limit.since > windowFrom ? limit.since : windowFrom).toISOString(),
    setBy: limit.setBy,
  };
}

export function presentExclusion(row: RgExclusionRow, now: Date): RgExclusion {
  const returnEffectiveAt = row.returnEffectiveAt;
  const active = row.endsAt === null || now < row.endsAt || returnEffectiveAt === null || now < returnEffectiveAt;
  return {
    kind: row.kind,
    duration: row.duration as RgExclusion['duration'],
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    active,
    returnAvailableAt: row.endsAt?.toISOString() ?? null,
    returnRequestedAt: row.returnRequestedAt?.toISOString() ?? null,
    returnEffectiveAt: returnEffectiveAt?.toISOString() ?? null,
  };
}

/** The member's page: limits with usage, pending changes, the exclusion not yet returned from, prompts. */
export async function readOverview(db: DbOrTx, member: MemberRef, now: Date): Promise<RgOverviewValue> {
  const state = await readState(db, member);
  if (!state) {
    return {
      limits: [],
      pending: [],
      exclusion: null,
      realityCheckMinutes: null,
      reviewDue: false,
      depositLimitPrompt: true,
      restricted: false,
    };
  }
  const [limits, pending, exclusions] = await Promise.all([
    readLimits(db, member),
    db
      .select()
      .from(rgLimitChanges)
      .where(columnsEqual(rgLimitChanges, { memberId: member.memberId, merchantId: member.merchantId, status: 'PENDING' }))
      .orderBy(rgLimitChanges.id),
    latestExclusions(db, member, 1),
  ]);
  const longest = limits.reduce<RgPeriod | null>(
    (best, limit) => (best === null || RG_PERIOD_HOURS[limit.period] > RG_PERIOD_HOURS[best] ? limit.period : best),
    null,
  );
  const rows = longest ? await readUsageRows(db, member.memberId, windowStart(now, longest)) : [];
  const reviewedAt =
    state.limitsReviewedAt ?? limits.reduce<Date | null>((min, limit) => (min === null || limit.setAt < min ? limit.setAt : min), null);
  const latest = exclusions[0];
  const exclusion = latest ? presentExclusion(latest, now) : null;
  return {
    limits: limits.map((limit) => presentLimit(limit, rows, now)),
    pending: pending.map((change) => ({
      changeId: change.id,
      kind: change.kind,
      period: change.period,
      unit: rgUnitOf(change.kind),
      oldValue: change.oldValue === null ? null : formatLimitValue(change.kind, change.oldValue),
      newValue: change.newValue === null ? null : formatLimitValue(change.kind, change.newValue),
      requestedAt: change.requestedAt.toISOString(),
      effectiveAt: change.effectiveAt.toISOString(),
      confirmable: now >= change.effectiveAt,
    })),
    // A returned-from exclusion whose return took effect is history, not state.
    exclusion: exclusion && (exclusion.active || latest?.returnEffectiveAt === null) ? exclusion : null,
    realityCheckMinutes: state.realityCheckMinutes,
    reviewDue: limits.length > 0 && reviewedAt !== null && now.getTime() - reviewedAt.getTime() > RG_REVIEW_AFTER_DAYS * DAY_MS,
    depositLimitPrompt: !limits.some((limit) => limit.kind === 'DEPOSIT') && state.depositLimitSkippedAt === null,
    restricted: isBlockedAt(state, now),
  };
}

/** Every limit change, newest first. `withOperator`: operator views see who and why. */
export async function readHistory(
  db: DbOrTx,
  member: MemberRef,
  page: { page: number; size: number },
  withOperator: boolean,
): Promise<{ list: RgHistoryItem[]; total: number; page: number; size: number }> {
  const where = and(eq(rgLimitChanges.memberId, member.memberId), eq(rgLimitChanges.merchantId, member.merchantId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rgLimitChanges)
      .where(where)
      .orderBy(desc(rgLimitChanges.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ value: count() }).from(rgLimitChanges).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      changeId: row.id,
      kind: row.kind,
      period: row.period,
      unit: rgUnitOf(row.kind),
      oldValue: row.oldValue === null ? null : formatLimitValue(row.kind, row.oldValue),
      newValue: row.newValue === null ? null : formatLimitValue(row.kind, row.newValue),
      status: row.status,
      requestedAt: row.requestedAt.toISOString(),
      effectiveAt: row.effectiveAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      by: row.actor,
      operator: withOperator ? row.operatorName : null,
      reason: withOperator ? row.reason : null,
    })),
    total: Number(total?.value ?? 0),
    page: page.page,
    size: page.size,
  };
}
