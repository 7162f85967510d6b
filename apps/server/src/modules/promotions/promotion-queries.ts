import type { Language } from '@kismat/contracts/languages';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { type PromotionRow, type PromotionText, promotions } from '../../db/schema/promotions';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** One promotion of the merchant, or NOT_FOUND (another merchant's id answers the same). */
export async function findPromotion(db: DbOrTx, merchantId: number, id: number): Promise<PromotionRow> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.merchantId, merchantId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Live promotions of the merchant whose window contains `now`, in the operator's order. */
export async function listLivePromotions(db: DbOrTx, merchantId: number, now: Date, kinds?: readonly string[]): Promise<PromotionRow[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantId, merchantId),
        eq(promotions.status, 'LIVE'),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
        kinds ? sql`${promotions.kind} IN ${kinds}` : undefined,
      ),
    )
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));
  return rows;
}

/** The merchant's ledger currency and site time zone (merchants is a platform table). */
export async function readMerchantMoney(db: DbOrTx, merchantId: number): Promise<{ currency: string; utcOffsetMinutes: number }> {
  const [row] = await db
    .select({ currency: merchants.currency, utcOffsetMinutes: merchants.utcOffsetMinutes })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A promotion's text in the language, falling back to BN (the default every promotion has). */
export function textIn(text: PromotionText, language: Language): string {
  return text[language] || text.BN;
}

export function isWithinWindow(promotion: Pick<PromotionRow, 'startsAt' | 'endsAt'>, at: Date): boolean {
  return promotion.startsAt <= at && (promotion.endsAt === null || promotion.endsAt > at);
}
