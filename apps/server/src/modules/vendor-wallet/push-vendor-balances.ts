import { VENDOR_API_PATHS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import type { FastifyInstance } from 'fastify';
import { MemberBalancePushes } from '../member/index';

/** The vendor calls that move a player's money. */
const MONEY_CALLS = new Set<string>([VENDOR_API_PATHS.bet, VENDOR_API_PATHS.win, VENDOR_API_PATHS.rollback]);

function isOkAnswer(payload: unknown): payload is VendorResponse & { user: string } {
  const answer = payload as Partial<VendorResponse> | null;
  return answer?.status === 'RS_OK' && typeof answer.user === 'string' && /^\d{1,15}$/.test(answer.user);
}

/**
 * After a bet, win or rollback the player's open pages hear the new balance (issue 12: the
 * header stayed stale after playing a vendor game until a manual refresh). The `user` of an
 * RS_OK answer is the session's member: the call's session check compared it before any money
 * moved. Registered on the vendor API plugin, so the demo vendor's rounds push the same way.
 */
export function registerVendorBalancePushes(app: FastifyInstance, api: FastifyInstance): void {
  const pushes = new MemberBalancePushes(app.db, () => (app.hasDecorator('realtime') ? app.realtime : null), app.log);
  app.addHook('onClose', async () => pushes.drain());
  api.addHook('preSerialization', async (request, _reply, payload) => {
    if (MONEY_CALLS.has(request.routeOptions.url ?? '') && isOkAnswer(payload)) pushes.queue(Number(payload.user));
    return payload;
  });
}
