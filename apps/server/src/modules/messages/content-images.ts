import { randomUUID } from 'node:crypto';
import { CONTENT_IMAGE_MAX_BYTES, contentImageUrl } from '@kismat/contracts/content-admin';
import { eq } from 'drizzle-orm';
import { contentImages } from '../../db/schema/system';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/*
 * Images operators upload for banners, promotions and help articles. The attack: a file named
 * .png that is HTML or SVG with script, served from our origin. The type comes from the bytes
 * (PNG, JPEG, WebP signatures only; SVG is never accepted), the answer carries that type with
 * nosniff and a sandboxing CSP, and the id is a random UUID (unguessable, so the URL is
 * immutable and cached for a year). Stored in the database so every node of a cluster serves it.
 */

type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The type by the file's first bytes; the client's content type and name are not trusted. */
export function sniffContentImage(bytes: Buffer): ImageType | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

export async function saveContentImage(
  db: DbOrTx,
  input: { merchantId: number; operatorId: number | null; bytes: Buffer; now: Date },
): Promise<{ id: string; url: string; size: number; contentType: ImageType }> {
  if (input.bytes.length === 0 || input.bytes.length > CONTENT_IMAGE_MAX_BYTES) throw new AppError('CONTENT_IMAGE_INVALID');
  const contentType = sniffContentImage(input.bytes);
  if (!contentType) throw new AppError('CONTENT_IMAGE_INVALID');
  const id = randomUUID();
  await db.insert(contentImages).values({
    id,
    merchantId: input.merchantId,
    contentType,
    size: input.bytes.length,
    bytes: input.bytes,
    operatorId: input.operatorId,
    createdAt: input.now,
  });
  return { id, url: contentImageUrl(id), size: input.bytes.length, contentType };
}

/** An image by its id, or null (a malformed id is simply not found). */
export async function readContentImage(db: DbOrTx, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  const [row] = await db
    .select({ contentType: contentImages.contentType, bytes: contentImages.bytes })
    .from(contentImages)
    .where(eq(contentImages.id, id))
    .limit(1);
  return row ?? null;
}

/** Stores an operator's upload and its audit row in one transaction (the route holds no SQL). */
export async function uploadContentImage(
  db: Db,
  input: { merchantId: number; operatorId: number | null; bytes: Buffer; now: Date },
  audit: (tx: DbOrTx, image: { id: string; size: number; contentType: string }) => Promise<void>,
): Promise<{ id: string; url: string; size: number; contentType: ImageType }> {
  return db.transaction(async (tx) => {
    const saved = await saveContentImage(tx, input);
    await audit(tx, saved);
    return saved;
  });
}
