import type { PointsCategory } from '@kismat/contracts/points';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type LanguageTexts, pointsExchangeRates, pointsMallItems, pointsRedemptions, pointsSettings } from '../../db/schema/points';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { pageOfRows } from '../../platform/page-of-rows';
import { type MallItemRow, mallItemTerms, type RedemptionRow } from './points-queries';

/*
 * The operator's side of points: the exchange rate table, the conversion settings, mall items
 * and the redemption queue. Writes take the caller's transaction so the audit row commits with them.
 */

export interface ExchangeRateInput {
  category: PointsCategory;
  unitPoints: number;
  unitAmount: bigint;
  isEnabled: boolean;
}

/** Replaces a merchant's exchange rate table (categories left out stop earning). */
export async function replaceExchangeRates(tx: Tx, merchantId: number, rates: readonly ExchangeRateInput[], now: Date): Promise<void> {
  if (new Set(rates.map((rate) => rate.category)).size !== rates.length) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'rates', reason: 'duplicate_category' }] } });
  }
  await tx.delete(pointsExchangeRates).where(eq(pointsExchangeRates.merchantId, merchantId));
  if (rates.length === 0) return;
  await tx.insert(pointsExchangeRates).values(rates.map((rate) => ({ merchantId, ...rate, updatedAt: now })));
}

export interface PointsSettingsInput {
  conversionPoints: number;
  conversionAmount: bigint;
  minConvertPoints: number;
  turnoverMultiplier: number;
  isConversionEnabled: boolean;
  rules: LanguageTexts;
}

export async function savePointsSettings(tx: Tx, merchantId: number, input: PointsSettingsInput, now: Date): Promise<void> {
  const values = { ...input, minConvertPoints: BigInt(input.minConvertPoints), updatedAt: now };
  await tx
    .insert(pointsSettings)
    .values({ merchantId, ...values })
    .onConflictDoUpdate({ target: pointsSettings.merchantId, set: values });
}

export interface MallItemInput {
  names: LanguageTexts;
  imageUrl: string;
  kind: 'CASH' | 'GOODS';
  points: number;
  cashAmount?: bigint | undefined;
  stock: number;
  perMemberLimit: number | null;
  isEnabled: boolean;
  sortOrder: number;
}

function itemValues(input: MallItemInput) {
  const cashAmount = input.cashAmount ?? 0n;
  if (input.kind === 'CASH' && cashAmount <= 0n) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'cashAmount', reason: 'required_for_cash' }] } });
  }
  if (input.kind === 'GOODS' && cashAmount !== 0n) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'cashAmount', reason: 'goods_have_no_cash' }] } });
  }
  return { ...input, points: BigInt(input.points), cashAmount };
}

export async function createMallItem(tx: Tx, merchantId: number, input: MallItemInput, now: Date): Promise<MallItemRow> {
  const [row] = await tx
    .insert(pointsMallItems)
    .values({ merchantId, ...itemValues(input), createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('item insert returned nothing');
  return row;
}

export async function updateMallItem(
  tx: Tx,
  merchantId: number,
  id: number,
  input: MallItemInput,
  now: Date,
): Promise<{ before: MallItemRow; after: MallItemRow }> {
  const before = await lockMerchantRow(tx, pointsMallItems, merchantId, id);
  const [after] = await tx
    .update(pointsMallItems)
    .set({ ...itemValues(input), updatedAt: now })
    .where(eq(pointsMallItems.id, id))
    .returning();
  if (!after) throw new Error('item update returned nothing');
  return { before, after };
}

export async function listAllMallItems(db: DbOrTx, merchantId: number): Promise<MallItemRow[]> {
  return db
    .select()
    .from(pointsMallItems)
    .where(eq(pointsMallItems.merchantId, merchantId))
    .orderBy(asc(pointsMallItems.sortOrder), asc(pointsMallItems.id));
}

export function presentOperatorItem(row: MallItemRow) {
  return {
    id: row.id,
    names: row.names,
    ...mallItemTerms(row),
    isEnabled: row.isEnabled,
    sortOrder: row.sortOrder,
  };
}

export interface RedemptionQueueFilter {
  status?: RedemptionRow['status'] | undefined;
  type?: RedemptionRow['type'] | undefined;
  memberIds?: readonly number[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  pageNo: number;
  pageSize: number;
}

/** The redemption queue, oldest first for IN_PROCESS (first come, first served), else newest first. */
export async function listRedemptionQueue(db: DbOrTx, merchantId: number, filter: RedemptionQueueFilter) {
  const where = and(
    eq(pointsRedemptions.merchantId, merchantId),
    filter.status ? eq(pointsRedemptions.status, filter.status) : undefined,
    filter.type ? eq(pointsRedemptions.type, filter.type) : undefined,
    filter.memberIds ? sql`${pointsRedemptions.memberId} = ANY(${`{${filter.memberIds.join(',')}}`}::bigint[])` : undefined,
    filter.from ? gte(pointsRedemptions.appliedAt, filter.from) : undefined,
    filter.to ? lt(pointsRedemptions.appliedAt, filter.to) : undefined,
  );
  const firstCome = filter.status === 'IN_PROCESS' ? asc(pointsRedemptions.appliedAt) : desc(pointsRedemptions.appliedAt);
  return pageOfRows(db, pointsRedemptions, where, [firstCome, desc(pointsRedemptions.id)], filter);
}

/** Runs an operator's change and its audit row in one transaction: both commit, or neither. */
export async function runAudited<T>(db: Db, change: (tx: Tx) => Promise<T>, audit: (tx: Tx, result: T) => Promise<void>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await audit(tx, result);
    return result;
  });
}
