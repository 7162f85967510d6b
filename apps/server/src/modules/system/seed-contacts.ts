import { customerServices, merchantResources } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';

/** Customer-service entries of the side menu and floating bar. */
const CUSTOMER_SERVICES = [
  {
    code: 'livechat',
    csType: 'LIVECHAT',
    title: { EN: 'Live chat 24/7', BN: 'লাইভ চ্যাট 24/7', SW: 'Gumzo la moja kwa moja 24/7' },
    url: '/wps/relay/CBS_launchChat',
    textClass: 'cs-livechat',
  },
  {
    code: 'facebook',
    csType: 'FACEBOOK',
    title: { EN: 'Facebook', BN: 'ফেসবুক', SW: 'Facebook' },
    url: 'https://www.facebook.com/kismat.official',
    textClass: 'cs-facebook',
  },
  {
    code: 'telegram',
    csType: 'TELEGRAM',
    title: { EN: 'Telegram support', BN: 'টেলিগ্রাম সহায়তা', SW: 'Msaada wa Telegram' },
    url: 'https://t.me/kismat_support',
    textClass: 'cs-telegram',
  },
  {
    code: 'whatsapp',
    csType: 'WHATSAPP',
    title: { EN: 'WhatsApp', BN: 'হোয়াটসঅ্যাপ', SW: 'WhatsApp' },
    url: 'https://wa.me/8801700000000',
    textClass: 'cs-whatsapp',
  },
] as const;

/**
 * Resource switches the web reads by key: app downloads (QR codes in the side menu), the two
 * Telegram links and WhatsApp of the floating bar, and the invite and live-chat toggles.
 */
export const DEFAULT_RESOURCES: Record<string, string> = {
  // The site installs as an app (manifest + service worker): both open its install page, whose
  // steps follow the phone that scanned the code. A merchant with store apps sets full links.
  appDownloadIos: '/app?platform=ios',
  appDownloadAndroid: '/app?platform=android',
  telegramChannel: 'https://t.me/kismat_official',
  telegramGroup: 'https://t.me/kismat_community',
  whatsapp: 'https://wa.me/8801700000000',
  facebookPage: 'https://www.facebook.com/kismat.official',
  supportEmail: 'support@kismat.example',
  inviteEnabled: '1',
  liveChatEnabled: '1',
};

export async function seedContacts(tx: DbOrTx, merchantId: number): Promise<void> {
  await tx
    .insert(customerServices)
    .values(CUSTOMER_SERVICES.map((entry, index) => ({ merchantId, ...entry, title: { ...entry.title }, sort: (index + 1) * 10 })))
    .onConflictDoNothing({ target: [customerServices.merchantId, customerServices.code] });
  await tx
    .insert(merchantResources)
    .values(Object.entries(DEFAULT_RESOURCES).map(([key, value]) => ({ merchantId, key, value })))
    .onConflictDoNothing({ target: [merchantResources.merchantId, merchantResources.key] });
}
