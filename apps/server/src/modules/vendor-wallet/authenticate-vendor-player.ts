import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { generateToken, hashToken } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { SESSION_IDLE_MS } from './find-vendor-session';
import { launchSessions } from './launch-session-port';
import { readPlayerBalance } from './read-player-balance';
import { VendorError } from './vendor-error';

/**
 * Exchanges a launch token for a player session, once: the token is consumed in the same
 * statement that checks it, so two racing exchanges cannot both succeed. The launch is
 * game-launch's (launch-session-port.ts).
 */
export async function authenticateVendorPlayer(
  db: DbOrTx,
  input: { vendorId: number; token: string; requestUuid: string; now: Date },
): Promise<VendorResponse> {
  const tokenHash = hashToken(input.token);
  const launch = await launchSessions().findLaunchByToken(db, tokenHash);
  if (!launch || launch.vendorId !== input.vendorId || launch.usedAt) throw new VendorError('RS_ERROR_INVALID_TOKEN');
  if (launch.tokenExpiresAt.getTime() <= input.now.getTime()) throw new VendorError('RS_ERROR_TOKEN_EXPIRED');
  if (launch.memberStatus !== 'ACTIVE') throw new VendorError('RS_ERROR_USER_DISABLED');

  const sessionId = generateToken();
  const claimed = await launchSessions().openLaunchSession(db, {
    launchId: launch.id,
    usedAt: input.now,
    sessionHash: hashToken(sessionId),
    sessionExpiresAt: new Date(input.now.getTime() + SESSION_IDLE_MS),
  });
  if (!claimed) throw new VendorError('RS_ERROR_INVALID_TOKEN');
  return {
    status: 'RS_OK',
    requestUuid: input.requestUuid,
    user: String(launch.memberId),
    sessionId,
    currency: launch.currency,
    balance: await readPlayerBalance(db, launch.cashAccountId),
    gameCode: launch.gameCode,
    isFunMode: launch.isTrial,
  };
}
