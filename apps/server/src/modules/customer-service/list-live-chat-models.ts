import type { LiveChatModel } from '@kismat/contracts/customer-service';
import type { Language } from '@kismat/contracts/languages';
import type { DbOrTx } from '../../platform/db';
import { isModuleEnabled } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';
import { listLiveChatDesks, pickText, readMerchantResource } from '../system/index';

/** Live chat is on when the merchant's LIVECHAT module is enabled and its liveChatEnabled switch is not '0'. */
export async function isLiveChatOn(db: DbOrTx, merchant: Merchant): Promise<boolean> {
  if (!isModuleEnabled(merchant.whitelabel, 'LIVECHAT')) return false;
  return (await readMerchantResource(db, merchant.id, 'liveChatEnabled')) !== '0';
}

/**
 * Live chat for this merchant: on when its LIVECHAT module is enabled and its liveChatEnabled
 * switch is not '0'; the models are its active LIVECHAT customer-service entries. Off: empty.
 */
export async function listLiveChatModels(
  db: DbOrTx,
  merchant: Merchant,
  language: Language,
): Promise<{ isEnabled: boolean; list: LiveChatModel[] }> {
  if (!(await isLiveChatOn(db, merchant))) return { isEnabled: false, list: [] };
  const rows = await listLiveChatDesks(db, merchant.id);
  return {
    isEnabled: true,
    list: rows.map((row) => ({
      modelId: row.code,
      name: pickText(row.title, language, row.code),
      path: Buffer.from(row.url, 'utf8').toString('base64'),
    })),
  };
}
