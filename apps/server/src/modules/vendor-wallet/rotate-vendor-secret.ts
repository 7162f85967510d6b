import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { vendorIntegrations } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findVendorByCode } from '../catalogue/index';

/**
 * Gives a vendor a fresh 256-bit HMAC secret and returns it (the only time it is shown). From
 * then on calls signed with the old secret fail RS_ERROR_INVALID_SIGNATURE once the vendor
 * directory's cache has let go of it (at once on this node, seconds on the others).
 */
export async function rotateVendorSecret(db: DbOrTx, vendorCode: string): Promise<{ vendorId: number; code: string; secret: string }> {
  const vendor = await findVendorByCode(db, vendorCode);
  // In-house games do not call the vendor API: they have no secret to rotate.
  if (!vendor || vendor.isHouse) throw new AppError('NOT_FOUND');
  const secret = randomBytes(32).toString('hex');
  const updated = await db
    .update(vendorIntegrations)
    .set({ apiSecret: secret })
    .where(eq(vendorIntegrations.vendorId, vendor.id))
    .returning({ vendorId: vendorIntegrations.vendorId });
  if (updated.length === 0) throw new AppError('NOT_FOUND');
  return { vendorId: vendor.id, code: vendor.code, secret };
}
