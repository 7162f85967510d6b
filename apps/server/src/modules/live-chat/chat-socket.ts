import type { FastifyInstance } from 'fastify';
import { isAppError } from '../../platform/errors';
import { operatorOfToken } from '../../platform/operator-auth';
import type { RealtimeAuthenticator } from '../../platform/realtime/register-realtime';
import { verifyGuestId } from './guest-id';
import { markOperatorGone, markOperatorSeen, PRESENCE_HEARTBEAT_MS } from './operator-presence';
import { guestTopic, operatorsTopic } from './publish-chat-event';

/**
 * The chat's /ws sockets besides members' (whose chat events come on their member sockets):
 * - a visitor sends `{ "guest": "<signed guest id>" }` first and hears its own chat only;
 * - an operator's console sends `{ "operator": "<bearer>", "merchant": "<code>" }` and hears the
 *   chats of that merchant, if its scope allows it (another merchant's operator is refused, so
 *   it never hears a word), while its presence is refreshed: operators online = consoles open.
 */
export function chatSocketAuthenticator(app: FastifyInstance): RealtimeAuthenticator {
  return async ({ merchantId, first }) => {
    if ('guest' in first) {
      const guestId = await verifyGuestId(app.db, merchantId, first.guest);
      return guestId ? { topics: [guestTopic(merchantId, guestId)] } : null;
    }
    if (!('operator' in first)) return undefined;
    if (typeof first.operator !== 'string' || typeof first.merchant !== 'string') return null;
    let operatorName: string;
    let targetId: number;
    try {
      const identity = await operatorOfToken(app, first.operator);
      const merchant = await app.merchants.byCode(first.merchant);
      if (!merchant || (identity.merchantId !== null && identity.merchantId !== merchant.id)) return null;
      operatorName = identity.username;
      targetId = merchant.id;
    } catch (error) {
      if (isAppError(error)) return null;
      throw error;
    }
    const presence = { merchantId: targetId, operatorName };
    const beat = () =>
      markOperatorSeen(app.db, { ...presence, now: app.now() }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'live chat: operator presence not refreshed'),
      );
    await beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    timer.unref();
    return {
      topics: [operatorsTopic(targetId)],
      onClose: () => {
        clearInterval(timer);
        markOperatorGone(app.db, presence).catch((error: unknown) =>
          app.log.warn({ err: error }, 'live chat: operator presence not cleared'),
        );
      },
    };
  };
}
