import { randomUUID } from 'node:crypto';
import type { Language } from '@kismat/contracts/languages';
import {
  ACTIVITY_COMMENT_MAX,
  ACTIVITY_IMAGE_MAX_BYTES,
  ACTIVITY_IMAGES_MAX,
  type ApplicationStatus,
} from '@kismat/contracts/promotion-kinds';
import { formatAmount } from '@kismat/contracts/wallet';
import { desc, eq, inArray } from 'drizzle-orm';
import { type ApplicationImage, activityApplications } from '../../db/schema/promotion-campaigns';
import { promotions } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import { columnsEqual } from '../../platform/columns-equal';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import type { RequestContext } from '../../platform/request-context';
import { isInAudience } from './check-audience';
import { findPromotion, isWithinWindow, textIn } from './promotion-queries';

export type ActivityApplicationRow = typeof activityApplications.$inferSelect;

/** The type by the file's first bytes: the client's content type and file name are not trusted. */
export function sniffApplicationImage(bytes: Buffer): { contentType: string; extension: 'png' | 'jpg' } | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  return null;
}

export function presentApplication(row: ActivityApplicationRow, title: string) {
  return {
    id: row.id,
    promotionId: row.promotionId,
    title,
    comment: row.comment,
    imageCount: row.images.length,
    status: row.status as ApplicationStatus,
    amount: row.amount === null ? null : formatAmount(row.amount),
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * Applies for an ACTIVITY promotion with a comment (up to 140 characters) and up to three png or
 * jpg images of 5 MB each, judged by their bytes. One application per promotion waits for review
 * at a time (a partial unique index; a second tap is refused). Bad input changes nothing: every
 * check runs before the first file is stored.
 */
export async function applyForActivity(
  ctx: RequestContext & { storage: FileStorage },
  member: MemberRow,
  input: { promotionId: number; comment: string; images: Buffer[] },
) {
  const { db, now, merchant, language } = ctx;
  const comment = input.comment.trim();
  // Multipart fields skip the JSON body checks: control characters but line breaks (terminal escapes in an
  // operator's log viewer, invisible text in the review queue) are refused here.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
  const hasControl = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(comment);
  if (comment.length === 0 || hasControl || [...comment].length > ACTIVITY_COMMENT_MAX) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'comment' }] } });
  }
  if (input.images.length > ACTIVITY_IMAGES_MAX) throw new AppError('ACTIVITY_IMAGE_INVALID');
  const kinds = input.images.map((bytes) => {
    const kind = bytes.length > 0 && bytes.length <= ACTIVITY_IMAGE_MAX_BYTES ? sniffApplicationImage(bytes) : null;
    if (!kind) throw new AppError('ACTIVITY_IMAGE_INVALID');
    return kind;
  });

  const promotion = await findPromotion(db, merchant.id, input.promotionId);
  if (promotion.kind !== 'ACTIVITY') throw new AppError('NOT_FOUND');
  if (promotion.status !== 'LIVE' || !isWithinWindow(promotion, now)) throw new AppError('PROMOTION_NOT_AVAILABLE');
  if (!(await isInAudience(db, promotion, member, now))) throw new AppError('PROMOTION_NOT_ELIGIBLE');
  const [pending] = await db
    .select({ id: activityApplications.id })
    .from(activityApplications)
    .where(columnsEqual(activityApplications, { promotionId: promotion.id, memberId: member.id, status: 'APPLYING' }));
  if (pending) throw new AppError('ACTIVITY_APPLICATION_PENDING');

  const images: ApplicationImage[] = [];
  for (const [index, bytes] of input.images.entries()) {
    const kind = kinds[index];
    if (!kind) continue;
    const key = `activity/${merchant.id}/${member.id}/${randomUUID()}.${kind.extension}`;
    await ctx.storage.save(key, bytes);
    images.push({ key, contentType: kind.contentType, size: bytes.length });
  }
  try {
    const [row] = await db
      .insert(activityApplications)
      .values({ merchantId: merchant.id, promotionId: promotion.id, memberId: member.id, comment, images, createdAt: now })
      .returning();
    if (!row) throw new Error('application not recorded');
    return presentApplication(row, textIn(promotion.title, language));
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'activity_applications_pending') throw new AppError('ACTIVITY_APPLICATION_PENDING');
    throw error;
  }
}

/** The member's applications, newest first, with the promotion's title in the member's language. */
export async function listMyApplications(db: DbOrTx, member: MemberRow, language: Language) {
  const rows = await db
    .select()
    .from(activityApplications)
    .where(eq(activityApplications.memberId, member.id))
    .orderBy(desc(activityApplications.id))
    .limit(100);
  const titles = await titlesOf(
    db,
    rows.map((row) => row.promotionId),
  );
  return {
    list: rows.map((row) => presentApplication(row, titles.get(row.promotionId) ? textIn(titles.get(row.promotionId)!, language) : '')),
  };
}

export async function titlesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { BN: string; EN: string; SW: string }>();
  const rows = await db
    .select({ id: promotions.id, title: promotions.title })
    .from(promotions)
    .where(inArray(promotions.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** One image of an application (the member's own, or any of the merchant's for an operator). */
export async function readApplicationImage(
  db: DbOrTx,
  storage: FileStorage,
  input: { id: number; index: number; memberId?: number; merchantId?: number | null },
): Promise<{ bytes: Buffer; contentType: string }> {
  const [row] = await db.select().from(activityApplications).where(eq(activityApplications.id, input.id));
  if (!row) throw new AppError('NOT_FOUND');
  if (input.memberId !== undefined && row.memberId !== input.memberId) throw new AppError('NOT_FOUND');
  if (input.merchantId !== undefined && input.merchantId !== null && row.merchantId !== input.merchantId) throw new AppError('NOT_FOUND');
  const image = row.images[input.index];
  if (!image) throw new AppError('NOT_FOUND');
  return { bytes: await storage.read(image.key), contentType: image.contentType };
}
