import { randomUUID } from 'node:crypto';
import { UPLOAD_MAX_BYTES } from '@kismat/contracts/cashier';
import { and, eq } from 'drizzle-orm';
import { cashierUploads } from '../../db/schema/cashier';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CashierContext } from '../../platform/request-context';

/** The type by the file's first bytes: the client's content type and file name are not trusted. */
function sniffImage(bytes: Buffer): { contentType: string; extension: 'png' | 'jpg' } | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  return null;
}

/** Stores a proof image (png or jpg, at most 5 MB) of a member and returns its id. */
export async function saveUpload(ctx: CashierContext, member: MemberRow, bytes: Buffer) {
  if (bytes.length === 0 || bytes.length > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_INVALID');
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('UPLOAD_INVALID');
  const id = randomUUID();
  const storageKey = `${ctx.merchant.id}/${member.id}/${id}.${kind.extension}`;
  await ctx.storage.save(storageKey, bytes);
  await ctx.db.insert(cashierUploads).values({
    id,
    merchantId: ctx.merchant.id,
    memberId: member.id,
    contentType: kind.contentType,
    size: bytes.length,
    storageKey,
    createdAt: ctx.now,
  });
  return { uploadId: id, contentType: kind.contentType, size: bytes.length };
}

/** Checks an upload id belongs to this member (a member cannot attach someone else's file). */
export async function checkOwnUpload(db: DbOrTx, memberId: number, uploadId: string | undefined): Promise<string | null> {
  if (!uploadId) return null;
  const [row] = await db
    .select({ id: cashierUploads.id })
    .from(cashierUploads)
    .where(and(eq(cashierUploads.id, uploadId), eq(cashierUploads.memberId, memberId)))
    .limit(1);
  if (!row) throw new AppError('UPLOAD_INVALID');
  return row.id;
}
