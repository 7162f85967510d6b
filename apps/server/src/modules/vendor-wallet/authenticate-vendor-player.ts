import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq, isNull } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { games } from '../../db/schema/catalogue';
import { gameLaunches } from '../../db/schema/games';
import { generateToken, hashToken } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { SESSION_IDLE_MS } from './find-vendor-session';
import { readPlayerBalance } from './read-player-balance';
import { VendorError } from './vendor-error';

/**
 * Exchanges a launch token for a player session, once: the token is consumed in the same
 * statement that checks it, so two racing exchanges cannot both succeed.
 */
export async function authenticateVendorPlayer(
  db: DbOrTx,
  input: { vendorId: number; token: string; requestUuid: string; now: Date },
): Promise<VendorResponse> {
  const tokenHash = hashToken(input.token);
  const [launch] = await db
    .select({
      id: gameLaunches.id,
      vendorId: gameLaunches.vendorId,
      memberId: gameLaunches.memberId,
      usedAt: gameLaunches.usedAt,
      tokenExpiresAt: gameLaunches.tokenExpiresAt,
      currency: gameLaunches.currency,
      cashAccountId: gameLaunches.cashAccountId,
      isTrial: gameLaunches.isTrial,
      gameCode: games.gameCode,
      memberStatus: members.status,
    })
    .from(gameLaunches)
    .innerJoin(games, eq(games.id, gameLaunches.gameId))
    .innerJoin(members, eq(members.id, gameLaunches.memberId))
    .where(eq(gameLaunches.tokenHash, tokenHash))
    .limit(1);
  if (!launch || launch.vendorId !== input.vendorId || launch.usedAt) throw new VendorError('RS_ERROR_INVALID_TOKEN');
  if (launch.tokenExpiresAt.getTime() <= input.now.getTime()) throw new VendorError('RS_ERROR_TOKEN_EXPIRED');
  if (launch.memberStatus !== 'ACTIVE') throw new VendorError('RS_ERROR_USER_DISABLED');

  const sessionId = generateToken();
  const claimed = await db
    .update(gameLaunches)
    .set({ usedAt: input.now, sessionHash: hashToken(sessionId), sessionExpiresAt: new Date(input.now.getTime() + SESSION_IDLE_MS) })
    .where(and(eq(gameLaunches.id, launch.id), isNull(gameLaunches.usedAt)))
    .returning({ id: gameLaunches.id });
  if (claimed.length === 0) throw new VendorError('RS_ERROR_INVALID_TOKEN');
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
