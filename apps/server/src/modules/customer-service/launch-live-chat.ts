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
  /** Where the chat opens: the configured external desk, or the site's own chat room (CHAT_ROOM_PATH). */
  url: string;
  /** Always false: the built-in demo desk is gone since the site has its own chat room (issue 18). */
  isDemo: boolean;
}

/** The site's own chat room (the web's /chat page, modules/live-chat behind it). */
export const CHAT_ROOM_PATH = '/chat';

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

/**
 * CBS_launchChat: the live-chat desk to open. The desk is the active LIVECHAT entry whose code is
 * `modelId` (CBS_modelList's ids), or the first one when none is named. A merchant's external
 * desk (`liveChatDeskUrl`, with `desk` and `lang` added) takes precedence; without a usable one
 * the chat opens in the site's own chat room, where the merchant's operators answer from the
 * support console. Chat off or an unknown desk: LIVE_CHAT_OFF.
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
  if (!deskUrl) return { modelId: desk.code, name, url: `${CHAT_ROOM_PATH}?modelId=${encodeURIComponent(desk.code)}`, isDemo: false };
  const url = new URL(deskUrl);
  url.searchParams.set('desk', desk.code);
  url.searchParams.set('lang', input.language.toLowerCase());
  return { modelId: desk.code, name, url: url.toString(), isDemo: false };
}
