import type { LiveChatModel } from '@kismat/contracts/customer-service';
import type { Language } from '@kismat/contracts/languages';
import { and, asc, eq } from 'drizzle-orm';
import { customerServices, merchantResources } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { isModuleEnabled } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';
import { pickText } from '../system/index';

/** Live chat is on when the merchant's LIVECHAT module is enabled and its liveChatEnabled switch is not '0'. */
export async function isLiveChatOn(db: DbOrTx, merchant: Merchant): Promise<boolean> {
  if (!isModuleEnabled(merchant.whitelabel, 'LIVECHAT')) return false;
  const [switchRow] = await db
    .select({ value: merchantResources.value })
    .from(merchantResources)
    .where(and(eq(merchantResources.merchantId, merchant.id), eq(merchantResources.key, 'liveChatEnabled')));
  return switchRow?.value !== '0';
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
  const rows = await db
    .select()
    .from(customerServices)
    .where(and(eq(customerServices.merchantId, merchant.id), eq(customerServices.csType, 'LIVECHAT'), eq(customerServices.isActive, true)))
    .orderBy(asc(customerServices.sort), asc(customerServices.id));
  return {
    isEnabled: true,
    list: rows.map((row) => ({
      modelId: row.code,
      name: pickText(row.title, language, row.code),
      path: Buffer.from(row.url, 'utf8').toString('base64'),
    })),
  };
}
