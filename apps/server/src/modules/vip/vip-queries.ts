import type { Language } from '@kismat/contracts/languages';
import type { VipLevel } from '@kismat/contracts/vip';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LanguageTexts } from '../../db/schema/points';
import { vipLevels, vipMembers, vipPeriodTotals, vipSettings } from '../../db/schema/vip';
import type { DbOrTx } from '../../platform/db';

/*
 * Reads of the VIP module: the ladder, a member's level and totals, the merchant's VIP settings,
 * and the month (site time) a moment falls in.
 */

export type VipLevelRow = typeof vipLevels.$inferSelect;
export type VipMemberRow = typeof vipMembers.$inferSelect;

/** The month a moment falls in, in site time: 'YYYY-MM'. */
export function periodOf(at: Date, utcOffsetMinutes: number): string {
  return new Date(at.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 7);
}

/** The day a moment falls in, in site time: 'YYYY-MM-DD'. */
export function siteDayOf(at: Date, utcOffsetMinutes: number): string {
  return new Date(at.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The month before 'YYYY-MM'. */
export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export async function readLadder(db: DbOrTx, merchantId: number): Promise<VipLevelRow[]> {
  return db.select().from(vipLevels).where(eq(vipLevels.merchantId, merchantId)).orderBy(asc(vipLevels.rank));
}

export async function readVipSettings(
  db: DbOrTx,
  merchantId: number,
): Promise<{ upgradeWindow: 'LIFETIME' | 'MONTH'; isRetentionOn: boolean }> {
  const [row] = await db.select().from(vipSettings).where(eq(vipSettings.merchantId, merchantId));
  return { upgradeWindow: row?.upgradeWindow ?? 'LIFETIME', isRetentionOn: row?.isRetentionOn ?? true };
}

export async function readVipMember(db: DbOrTx, memberId: number): Promise<VipMemberRow | undefined> {
  const [row] = await db.select().from(vipMembers).where(eq(vipMembers.memberId, memberId));
  return row;
}

export async function readPeriodTotals(db: DbOrTx, memberId: number, period: string): Promise<{ deposit: bigint; validBet: bigint }> {
  const [row] = await db
    .select()
    .from(vipPeriodTotals)
    .where(and(eq(vipPeriodTotals.memberId, memberId), eq(vipPeriodTotals.period, period)));
  return { deposit: row?.deposit ?? 0n, validBet: row?.validBet ?? 0n };
}

export function nameIn(names: LanguageTexts, language: Language): string {
  return names[language.toLowerCase() as keyof LanguageTexts] || names.bn;
}

export function presentLevel(row: VipLevelRow, language: Language): VipLevel {
  return {
    rank: row.rank,
    name: nameIn(row.names, language),
    names: row.names,
    targetRule: row.targetRule,
    upgradeDeposit: formatAmount(row.upgradeDeposit),
    upgradeValidBet: formatAmount(row.upgradeValidBet),
    retainDeposit: formatAmount(row.retainDeposit),
    retainValidBet: formatAmount(row.retainValidBet),
    upgradeBonus: formatAmount(row.upgradeBonus),
    birthdayBonus: formatAmount(row.birthdayBonus),
    monthlyBonus: formatAmount(row.monthlyBonus),
    withdrawDailyCount: row.withdrawDailyCount,
    withdrawDailyAmount: formatAmount(row.withdrawDailyAmount),
  };
}

/** Whether totals meet a level's targets under its rule (AND: both, OR: either). */
export function meetsTargets(
  rule: 'AND' | 'OR',
  totals: { deposit: bigint; validBet: bigint },
  deposit: bigint,
  validBet: bigint,
): boolean {
  const isDepositMet = totals.deposit >= deposit;
  const isBetMet = totals.validBet >= validBet;
  return rule === 'AND' ? isDepositMet && isBetMet : isDepositMet || isBetMet;
}

/** A member's VIP level (null before the first) with its perks: what rebates, the cashier and member state read. */
export async function getMemberVipLevel(db: DbOrTx, memberId: number): Promise<{ rank: number; level: VipLevelRow | null }> {
  const [row] = await db
    .select({ rank: vipMembers.rank, level: vipLevels })
    .from(vipMembers)
    .leftJoin(vipLevels, and(eq(vipLevels.merchantId, vipMembers.merchantId), eq(vipLevels.rank, vipMembers.rank)))
    .where(eq(vipMembers.memberId, memberId));
  if (!row || row.rank === 0) return { rank: 0, level: null };
  return { rank: row.rank, level: row.level };
}

/** Level rank of each of these members (members without a level are left out: rank 0). For the rebates' port. */
export async function vipLevelsOf(db: DbOrTx, merchantId: number, memberIds: readonly number[]): Promise<Map<number, { rank: number }>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ memberId: vipMembers.memberId, rank: vipMembers.rank })
    .from(vipMembers)
    .where(and(eq(vipMembers.merchantId, merchantId), inArray(vipMembers.memberId, [...memberIds])));
  return new Map(rows.filter((row) => row.rank > 0).map((row) => [row.memberId, { rank: row.rank }]));
}
