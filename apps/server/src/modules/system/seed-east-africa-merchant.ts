import { eq } from 'drizzle-orm';
import { merchantDomains, merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { KE_HELP_CENTRE } from './help-content';
import { seedHelpCentre } from './seed-help-centre';
import { DEFAULT_WHITELABEL } from './seed-merchant';
import { seedRegistrationRules } from './seed-registration-rules';

export const EAST_AFRICA_MERCHANT_CODE = 'KISMAT-KE';
/** The Kenyan site's local domain (browsers resolve *.localhost to this machine); the `Merchant: KISMAT-KE` header reaches it too. */
export const EAST_AFRICA_DOMAIN = 'ke.localhost';

/**
 * The East African merchant of the demo (issue 22): Swahili by default, Kenyan shillings shown as
 * "KSh", Nairobi time (UTC+3), Kenyan mobile numbers (+254), its own domain, help centre and
 * registration rules. Its banners and notices are seeded by messages, its M-Pesa channels by the
 * cashier (seed/seed.ts). Idempotent; an operator's later edits are kept. Returns the merchant id.
 */
export async function seedEastAfricaMerchant(tx: DbOrTx): Promise<number> {
  await tx
    .insert(merchants)
    .values({
      code: EAST_AFRICA_MERCHANT_CODE,
      name: 'Kismat Kenya',
      isDefault: false,
      currency: 'KES',
      currencySymbol: 'KSh',
      defaultLanguage: 'SW',
      utcOffsetMinutes: 180,
      mainDomain: EAST_AFRICA_DOMAIN,
      whitelabel: DEFAULT_WHITELABEL,
      settings: { gtagId: null, imageCDNs: [], launchGameCDNs: [], defaultDialingCode: '+254' },
    })
    .onConflictDoNothing({ target: merchants.code });
  const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, EAST_AFRICA_MERCHANT_CODE));
  if (!merchant) throw new Error('east african merchant missing after insert');
  await tx
    .insert(merchantDomains)
    .values({ merchantId: merchant.id, domain: EAST_AFRICA_DOMAIN, purpose: 'member', isPrimary: true })
    .onConflictDoNothing({ target: merchantDomains.domain });
  // Safaricom and Airtel numbers: 712345678, 0712345678 or 254712345678 (the +254 is the site's default dialing code).
  await seedRegistrationRules(tx, merchant.id, {
    mobileNum: { patternId: 'DIGITS_ONLY', minLength: 9, maxLength: 12, isShown: true, isRequired: true },
    // Kenyan national ID numbers have 7 or 8 digits.
    idNumber: { patternId: 'DIGITS_ONLY', minLength: 7, maxLength: 8, isShown: false, isRequired: false },
  });
  await seedHelpCentre(tx, merchant.id, KE_HELP_CENTRE);
  return merchant.id;
}
