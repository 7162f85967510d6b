import { and, eq } from 'drizzle-orm';
import { vendorIntegrations } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { vendorFieldsSql } from '../catalogue/index';

/**
 * The origins of the vendors' game clients that open in the site's game frame (launch mode
 * iframe, vendor active): the member site's Content-Security-Policy frames these and nothing
 * else of the outside. A relative launch URL (the demo vendor) is the site itself.
 */
export async function listFrameOrigins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ launchUrl: vendorIntegrations.launchUrl })
    .from(vendorIntegrations)
    .where(and(eq(vendorIntegrations.launchMode, 'iframe'), eq(vendorFieldsSql(vendorIntegrations.vendorId).status, 'ACTIVE')));
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
