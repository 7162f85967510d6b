import { CUSTOMER_SERVICE_PATHS } from '@kismat/contracts/customer-service';
import type { Language } from '@kismat/contracts/languages';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { listLiveChatDesks, pickText, readMerchantResource } from '../system/index';
import { isLiveChatOn } from './list-live-chat-models';

/** The merchant setting (merchant_resources) holding the chat provider's desk URL. */
export const LIVE_CHAT_DESK_URL_KEY = 'liveChatDeskUrl';

export interface LiveChatLaunch {
  modelId: string;
  name: string;
  /** Where the chat opens: the configured desk, or this relay's demo desk when none is configured. */
  url: string;
  isDemo: boolean;
}

/** An absolute http(s) URL, or null: a tampered setting must never become a `javascript:` link. */
function toDeskUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The relay's own demo desk page for a desk (a browser navigation to it shows the demo page). */
export function demoDeskPath(modelId: string): string {
  return `${CUSTOMER_SERVICE_PATHS.launchChat}?modelId=${encodeURIComponent(modelId)}`;
}

/**
 * CBS_launchChat: the live-chat desk to open. The desk is the active LIVECHAT entry whose code is
 * `modelId` (CBS_modelList's ids), or the first one when none is named. Its URL is the merchant's
 * `liveChatDeskUrl` setting with `desk` (the model id) and `lang` added; without a usable setting
 * it is the built-in demo desk, labelled as a demo. Chat off or an unknown desk: LIVE_CHAT_OFF.
 */
export async function launchLiveChat(
  db: DbOrTx,
  merchant: Merchant,
  input: { modelId?: string | undefined; language: Language },
): Promise<LiveChatLaunch> {
  if (!(await isLiveChatOn(db, merchant))) throw new AppError('LIVE_CHAT_OFF');
  const [desk] = await listLiveChatDesks(db, merchant.id, { code: input.modelId, limit: 1 });
  if (!desk) throw new AppError('LIVE_CHAT_OFF');
  const setting = await readMerchantResource(db, merchant.id, LIVE_CHAT_DESK_URL_KEY);
  const name = pickText(desk.title, input.language, desk.code);
  const deskUrl = toDeskUrl(setting);
  if (!deskUrl) return { modelId: desk.code, name, url: demoDeskPath(desk.code), isDemo: true };
  const url = new URL(deskUrl);
  url.searchParams.set('desk', desk.code);
  url.searchParams.set('lang', input.language.toLowerCase());
  return { modelId: desk.code, name, url: url.toString(), isDemo: false };
}
