import { randomBytes } from 'node:crypto';
import { DEMO_VENDOR_PATHS } from '@kismat/contracts/vendor-wallet';
import { vendorIntegrations } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { listThirdPartyVendorIds } from '../catalogue/index';

/** Every third-party vendor launches the built-in DEMO client until a real integration replaces its row. */
export const DEMO_LAUNCH_URL = `${DEMO_VENDOR_PATHS.client}?token={token}&game={game}&vendor={vendor}&lang={lang}`;

/**
 * The integration rows are this module's; the demo vendor's seed calls this through its face.
 * Idempotent: gives each third-party vendor without an integration a fresh random HMAC secret
 * and the DEMO launch URL. Existing rows (a rotated secret, a real vendor's URL) are kept.
 */
export async function seedVendorIntegrations(tx: DbOrTx): Promise<void> {
  const thirdParty = await listThirdPartyVendorIds(tx);
  if (thirdParty.length === 0) return;
  await tx
    .insert(vendorIntegrations)
    .values(
      thirdParty.map((vendorId) => ({
        vendorId,
        apiSecret: randomBytes(32).toString('hex'),
        launchUrl: DEMO_LAUNCH_URL,
        launchMode: 'iframe',
        isDemo: true,
      })),
    )
    .onConflictDoNothing({ target: vendorIntegrations.vendorId });
}
