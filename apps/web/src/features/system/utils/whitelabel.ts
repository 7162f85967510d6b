import type { WhitelabelNode } from '@kismat/contracts/system';

/**
 * The referral (invite friends) module's id in the whitelabel tree. The contract does not name
 * it yet; this is the id the web expects until it does.
 */
export const REFERRAL_MODULE_ID = 'REFERRAL';

/** True when the module is in the tree with enabled '1' and every ancestor is enabled too. */
export function isModuleEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.enabled !== '1') continue;
    if (node.modId === modId) return true;
    if (node.children && isModuleEnabled(node.children, modId)) return true;
  }
  return false;
}

/** Keys of permission `resources` the shell reads (as the server seeds them). */
export const RESOURCE_KEYS = {
  iosDownloadUrl: 'appDownloadIos',
  androidDownloadUrl: 'appDownloadAndroid',
  telegramChannel: 'telegramChannel',
  telegramGroup: 'telegramGroup',
  whatsapp: 'whatsapp',
  isInviteEnabled: 'inviteEnabled',
  isLiveChatEnabled: 'liveChatEnabled',
  footerPaymentLogos: 'footerPaymentLogos',
  footerCertificationLogos: 'footerCertificationLogos',
  footerLicenceLogos: 'footerLicenceLogos',
} as const;

/** A resource switch: on unless the merchant set it to '0' (a missing key keeps the default). */
export function isResourceOn(resources: Readonly<Record<string, string>>, key: string): boolean {
  return resources[key] !== '0';
}
