/**
 * Members for the cluster's failure test and bench: created and funded in the database, then each
 * logged in and launched into a vendor's game over HTTP through HAProxy, and authenticated by that
 * vendor (a session the vendor's bets and wins name).
 */
import { randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { eq } from 'drizzle-orm';
import { vendors } from '../../apps/server/src/db/schema/catalogue';
import { vendorIntegrations } from '../../apps/server/src/db/schema/games';
import type { Db } from '../../apps/server/src/platform/db';
import type { HttpClient } from '../../apps/server/src/test/crash-harness';
import { createMember } from '../../apps/server/src/test/factories';
import { fundMember } from '../../apps/server/src/test/house-games-test-kit';
import { loginAndLaunch, vendorCallSigner } from '../../apps/server/src/test/vendor-crash-kit';
import type { LoadMember } from './plan';

export interface PreparedMembers {
  members: (LoadMember & { token: string })[];
  vendor: { code: string; apiSecret: string; gameCode: string };
}

export async function prepareMembers(
  db: Db,
  client: HttpClient,
  merchant: { id: number; currency: string },
  vendorCode: string,
  count: number,
): Promise<PreparedMembers> {
  const { signed, game } = await vendorCallSigner(db, vendorCode);
  const [secret] = await db
    .select({ apiSecret: vendorIntegrations.apiSecret })
    .from(vendorIntegrations)
    .innerJoin(vendors, eq(vendors.id, vendorIntegrations.vendorId))
    .where(eq(vendors.code, vendorCode));
  if (!secret) throw new Error(`no secret for vendor ${vendorCode}`);
  const members: PreparedMembers['members'] = [];
  for (let index = 0; index < count; index++) {
    const created = await createMember(db, merchant.id);
    await fundMember(db, merchant, created.member.id, 1_000_000_00n);
    const password = created.password ?? '';
    const { token, launchToken } = await loginAndLaunch(client, { username: created.member.username, password }, game.id);
    const auth = await client.request(signed(VENDOR_API_PATHS.authenticate, { requestUuid: randomUUID(), token: launchToken }));
    const session = auth.json as { sessionId?: string; user?: string };
    if (!session.sessionId || !session.user) throw new Error(`vendor authenticate: ${auth.body}`);
    members.push({
      memberId: created.member.id,
      username: created.member.username,
      password,
      token,
      ip: `10.251.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      vendorSession: { sessionId: session.sessionId, user: session.user },
    });
  }
  return { members, vendor: { code: vendorCode, apiSecret: secret.apiSecret, gameCode: game.gameCode } };
}
