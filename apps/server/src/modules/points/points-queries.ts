import type { Language } from '@kismat/contracts/languages';
import type { MallItem, PointRedemption, PointsCategory } from '@kismat/contracts/points';
import { POINTS_CATEGORIES } from '@kismat/contracts/points';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type LanguageTexts,
  pointsBalances,
  pointsExchangeRates,
  pointsMallItems,
  pointsRedemptions,
  pointsSettings,
} from '../../db/schema/points';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { pageOfRows } from '../../platform/page-of-rows';

/*
 * Reads of the points module: balance, mall items, a member's redemptions, the exchange rate
 * table and the conversion settings, and the presenters the member and operator routes share.
 */

export type MallItemRow = typeof pointsMallItems.$inferSelect;
export type RedemptionRow = typeof pointsRedemptions.$inferSelect;
export type PointsSettingsRow = typeof pointsSettings.$inferSelect;

/** What a merchant without a settings row converts at: 100 points give 1.00, minimum 100, 1x turnover. */
export const DEFAULT_POINTS_SETTINGS = {
  conversionPoints: 100,
  conversionAmount: 100n,
  minConvertPoints: 100n,
  turnoverMultiplier: 1,
  isConversionEnabled: true,
  rules: { bn: '', en: '', sw: '' },
} as const;

export function textIn(texts: LanguageTexts | null, language: Language): string {
  if (!texts) return '';
  return texts[language.toLowerCase() as keyof LanguageTexts] || texts.bn;
}

export async function readPointBalance(db: DbOrTx, memberId: number): Promise<{ balance: number; earnedTotal: number }> {
  const [row] = await db.select().from(pointsBalances).where(eq(pointsBalances.memberId, memberId));
  return { balance: Number(row?.balance ?? 0n), earnedTotal: Number(row?.earnedTotal ?? 0n) };
}

export async function readPointsSettings(db: DbOrTx, merchantId: number): Promise<Omit<PointsSettingsRow, 'merchantId' | 'updatedAt'>> {
  // Exactly the settings' own columns: the operator's GET answers this object through a strict
  // schema, which refused the row's merchantId and updatedAt once a merchant had saved settings.
  const [row] = await db
    .select({
      conversionPoints: pointsSettings.conversionPoints,
      conversionAmount: pointsSettings.conversionAmount,
      minConvertPoints: pointsSettings.minConvertPoints,
      turnoverMultiplier: pointsSettings.turnoverMultiplier,
      isConversionEnabled: pointsSettings.isConversionEnabled,
      rules: pointsSettings.rules,
    })
    .from(pointsSettings)
    .where(eq(pointsSettings.merchantId, merchantId));
  return row ?? { ...DEFAULT_POINTS_SETTINGS, rules: { ...DEFAULT_POINTS_SETTINGS.rules } };
}

export async function listExchangeRates(db: DbOrTx, merchantId: number) {
  const rows = await db.select().from(pointsExchangeRates).where(eq(pointsExchangeRates.merchantId, merchantId));
  const order = (category: string) => POINTS_CATEGORIES.indexOf(category as PointsCategory);
  return rows
    .sort((a, b) => order(a.category) - order(b.category))
    .map((row) => ({
      category: row.category as PointsCategory,
      unitPoints: row.unitPoints,
      unitAmount: formatAmount(row.unitAmount),
      isEnabled: row.isEnabled,
    }));
}

/** Quantity of an item the member holds or has asked for (approved or in process): what the per-member limit counts. */
export async function redeemedQuantities(db: DbOrTx, memberId: number, itemIds: readonly number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: pointsRedemptions.itemId, quantity: sql<string>`sum(${pointsRedemptions.quantity})` })
    .from(pointsRedemptions)
    .where(
      and(
        eq(pointsRedemptions.memberId, memberId),
        inArray(pointsRedemptions.itemId, [...itemIds]),
        inArray(pointsRedemptions.status, ['IN_PROCESS', 'APPROVED']),
      ),
    )
    .groupBy(pointsRedemptions.itemId);
  return new Map(rows.map((row) => [row.itemId ?? 0, Number(row.quantity)]));
}

export async function listMallItems(db: DbOrTx, merchantId: number, memberId: number, language: Language): Promise<MallItem[]> {
  const rows = await db
    .select()
    .from(pointsMallItems)
    .where(and(eq(pointsMallItems.merchantId, merchantId), eq(pointsMallItems.isEnabled, true)))
    .orderBy(asc(pointsMallItems.sortOrder), asc(pointsMallItems.id));
  const used = await redeemedQuantities(
    db,
    memberId,
    rows.filter((row) => row.perMemberLimit !== null).map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: textIn(row.names, language),
    ...mallItemTerms(row),
    remainingForMember: row.perMemberLimit === null ? null : Math.max(0, row.perMemberLimit - (used.get(row.id) ?? 0)),
  }));
}

/** What a mall item costs and how many there are, as the member's mall and the operator's list both show it. */
export function mallItemTerms(row: MallItemRow) {
  return {
    imageUrl: row.imageUrl,
    kind: row.kind,
    points: Number(row.points),
    cashAmount: formatAmount(row.cashAmount),
    stock: row.stock,
    perMemberLimit: row.perMemberLimit,
  };
}

export function presentRedemption(row: RedemptionRow, language: Language): PointRedemption {
  return {
    id: row.id,
    referenceNumber: row.referenceNumber,
    type: row.type,
    itemId: row.itemId,
    itemName: row.itemNames ? textIn(row.itemNames, language) : null,
    quantity: row.quantity,
    points: Number(row.points),
    amount: formatAmount(row.amount),
    pointsRequirement: Number(row.pointsRequirement),
    amountRequirement: formatAmount(row.amountRequirement),
    status: row.status,
    remark: row.remark,
    applyTime: row.appliedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    receivingAddress: row.receivingAddress,
  };
}

export async function listMemberRedemptions(
  db: DbOrTx,
  memberId: number,
  query: { pageNo: number; pageSize: number; status?: RedemptionRow['status'] | undefined },
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const where = and(eq(pointsRedemptions.memberId, memberId), query.status ? eq(pointsRedemptions.status, query.status) : undefined);
  return pageOfRows(db, pointsRedemptions, where, [desc(pointsRedemptions.appliedAt), desc(pointsRedemptions.id)], query);
}

/** The redemption stored under a key answers its retry; the same key for something else is IDEMPOTENCY_CONFLICT. */
export function replayRedemption(existing: RedemptionRow, requestHash: string): RedemptionRow {
  if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
  return existing;
}

/**
 * Opens a member's points operation in `tx`: locks their balance row (their parallel redemptions
 * and conversions queue here; a member with no row has no points to spend) and finds the
 * redemption already stored under `idempotencyKey`, checked against `requestHash` (a retry
 * answers it; the same key for something else is IDEMPOTENCY_CONFLICT).
 */
export async function lockPointsForRedemption(
  tx: DbOrTx,
  memberId: number,
  idempotencyKey: string,
  requestHash: string,
): Promise<{ balance: bigint; replay: RedemptionRow | null }> {
  const [wallet] = await tx.select().from(pointsBalances).where(eq(pointsBalances.memberId, memberId)).for('update');
  const [existing] = await tx
    .select()
    .from(pointsRedemptions)
    .where(and(eq(pointsRedemptions.memberId, memberId), eq(pointsRedemptions.idempotencyKey, idempotencyKey)));
  return { balance: wallet?.balance ?? 0n, replay: existing ? replayRedemption(existing, requestHash) : null };
}
