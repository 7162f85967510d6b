import { and, eq } from 'drizzle-orm';
import { vendors } from '../../db/schema/catalogue';
import { vendorIntegrations } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';

/**
 * The origins of the vendors' game clients that open in the site's game frame (launch mode
 * iframe, vendor active): the member site's Content-Security-Policy frames these and nothing
 * else of the outside. A relative launch URL (the demo vendor) is the site itself.
 */
export async function listFrameOrigins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ launchUrl: vendorIntegrations.launchUrl })
    .from(vendorIntegrations)
    .innerJoin(vendors, eq(vendors.id, vendorIntegrations.vendorId))
    .where(and(eq(vendorIntegrations.launchMode, 'iframe'), eq(vendors.status, 'ACTIVE')));
  const origins = new Set<string>();
  for (const { launchUrl } of rows) {
    // The placeholders are filled at launch; they never stand for the host.
    const filled = launchUrl.replace(/\{(token|game|vendor|lang)\}/g, 'x');
    if (!/^https?:\/\//i.test(filled)) continue;
    try {
      origins.add(new URL(filled).origin);
    } catch {
      // An unreadable URL cannot launch either; nothing to allow.
    }
  }
  return [...origins].sort();
}
