import { LAUNCH_PATHS } from '@kismat/contracts/catalogue';
import { VENDOR_HEADERS } from '@kismat/contracts/vendor-wallet';
import { asc, eq } from 'drizzle-orm';
import { games, vendors } from '../db/schema/catalogue';
import { vendorIntegrations } from '../db/schema/games';
import { merchants } from '../db/schema/merchants';
import { DEFAULT_MERCHANT_CODE } from '../modules/system/index';
import { signVendorPayload } from '../modules/vendor-wallet/vendor-signature';
import type { Db } from '../platform/db';
import { envelopeOf, type HttpClient, type HttpRequest } from './crash-harness';

/**
 * For the crash tests that play a vendor over real HTTP: the seeded default merchant, the vendor's
 * first game and a signer of its calls. `signed` signs at call time, so a replay after a restart
 * is signed again over the same body, as the vendor would.
 */
export async function vendorCallSigner(db: Db, vendor: string) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, DEFAULT_MERCHANT_CODE));
  if (!merchant) throw new Error('no default merchant');
  const [game] = await db
    .select({ id: games.id, gameCode: games.gameCode, vendorId: vendors.id })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(eq(vendors.code, vendor))
    .orderBy(asc(games.id))
    .limit(1);
  if (!game) throw new Error('no game');
  const [integration] = await db.select().from(vendorIntegrations).where(eq(vendorIntegrations.vendorId, game.vendorId));
  if (!integration) throw new Error('no vendor integration');
  const signed = (path: string, body: Record<string, unknown>): HttpRequest => {
    const rawBody = JSON.stringify(body);
    const timestamp = String(Date.now());
    return {
      method: 'POST',
      path,
      rawBody,
      headers: {
        [VENDOR_HEADERS.vendor]: vendor,
        [VENDOR_HEADERS.timestamp]: timestamp,
        [VENDOR_HEADERS.signature]: signVendorPayload(integration.apiSecret, timestamp, rawBody),
      },
    };
  };
  return { merchant, game, signed };
}

/** A member opens `gameId` over real HTTP as the site does: login, then launch; the session token and the launch token the vendor receives. */
export async function loginAndLaunch(
  client: HttpClient,
  member: { username: string; password: string },
  gameId: number,
): Promise<{ token: string; launchToken: string }> {
  const login = await client.request({
    method: 'POST',
    path: '/wps/session/login',
    body: { type: 'username', username: member.username, password: member.password },
  });
  const token = envelopeOf<{ token?: string }>(login).value.token;
  if (!token) throw new Error(`login: ${login.status} ${login.body}`);
  const launch = await client.request({ method: 'GET', path: `${LAUNCH_PATHS.launchGame}?nodeId=${gameId}`, token });
  const url = envelopeOf<{ url?: string }>(launch).value.url;
  if (!url) throw new Error(`launch: ${launch.status} ${launch.body}`);
  return { token, launchToken: new URL(url, 'http://local').searchParams.get('token') ?? '' };
}
