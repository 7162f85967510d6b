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

/** Keys of permission `resources` the shell reads (app downloads). */
export const RESOURCE_KEYS = {
  iosDownloadUrl: 'appDownloadIos',
  androidDownloadUrl: 'appDownloadAndroid',
} as const;

/** An app-download link from `resources`, only when it is a real http(s) URL. */
export function readDownloadUrl(resources: Readonly<Record<string, string>>, key: string): string | null {
  const value = resources[key];
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
