import { randomUUID } from 'node:crypto';
import { LAUNCH_PATHS } from '@kismat/contracts/catalogue';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { VENDOR_API_PATHS, VENDOR_HEADERS, type VendorResponse, vendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { games, vendors } from '../db/schema/catalogue';
import { signVendorPayload } from '../modules/vendor-wallet/vendor-signature';
import { ensureMemberAccounts, openAccount, postTransfer } from '../modules/wallet/index';
import type { Merchant } from '../platform/merchant';
import type { TestApp } from './build-test-app';
import { createMember, TestClient } from './factories';
import { useTestApp } from './shop-fixture';

/** Test helpers for the vendor API: a funded member, a launch, and signed vendor calls. */

export async function defaultMerchant(app: FastifyInstance): Promise<{ merchant: Merchant; host: string }> {
  const merchant = await app.merchants.byCode('KISMAT');
  if (!merchant) throw new Error('seeded merchant missing');
  return { merchant, host: merchant.mainDomain };
}

/**
 * The suites on the seeded default merchant (useTestApp): before all, the app built and handed
 * to `assign` with the merchant's host (the suite keeps both as its own variables).
 */
export function useDefaultSite(assign: (site: { t: TestApp; host: string }) => void): void {
  useTestApp(async (t) => assign({ t, host: (await defaultMerchant(t.app)).host }));
}

/** A member with `cash` minor units on MEMBER_CASH (from ADJUSTMENT), logged in. */
export async function createFundedMember(app: FastifyInstance, cash: bigint, options: { type?: number } = {}) {
  const { merchant, host } = await defaultMerchant(app);
  const { member, password } = await createMember(app.db, merchant.id, { type: options.type ?? MEMBER_TYPE.MEMBER });
  const accounts = await ensureMemberAccounts(app.db, { merchantId: merchant.id, memberId: member.id, currency: merchant.currency });
  if (cash > 0n) {
    const source = await openAccount(app.db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
    await postTransfer(app.db, {
      merchantId: merchant.id,
      idempotencyKey: `test-fund:${member.id}:${randomUUID()}`,
      type: 'adjustment',
      entries: [
        { accountId: source.id, amount: -cash },
        { accountId: accounts.cash.id, amount: cash },
      ],
    });
  }
  const client = new TestClient(app, host);
  const token = await client.login(member.username, password ?? '');
  return { merchant, member, client, token, cashAccountId: accounts.cash.id };
}

export async function firstGameOf(app: FastifyInstance, vendorCode: string) {
  const [game] = await app.db
    .select({ id: games.id, gameCode: games.gameCode, vendorId: vendors.id })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(vendors.code, vendorCode)))
    .orderBy(asc(games.id))
    .limit(1);
  if (!game) throw new Error(`no game for ${vendorCode}`);
  return game;
}

/** Launches and returns the launch token from the URL. */
export async function launchToken(client: TestClient, token: string, nodeId: number): Promise<string> {
  const response = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${nodeId}`, { token });
  if (response.statusCode !== 200) throw new Error(`launch failed ${response.statusCode} ${response.body}`);
  const url = new URL(response.json().value.url as string, 'http://local');
  return url.searchParams.get('token') ?? '';
}

export interface SignedCallOptions {
  secret?: string;
  timestamp?: number;
  /** Send exactly these bytes. */
  raw?: string;
}

/** A vendor's signed POST; returns the parsed vendor answer and the HTTP status. */
export async function vendorCall(
  app: FastifyInstance,
  vendorCode: string,
  path: string,
  body: Record<string, unknown>,
  options: SignedCallOptions = {},
): Promise<VendorResponse & { httpStatus: number }> {
  const vendor = await app.vendorDirectory.find(vendorCode);
  if (!vendor) throw new Error('vendor missing');
  const payload = options.raw ?? JSON.stringify({ requestUuid: randomUUID(), ...body });
  const timestamp = String(options.timestamp ?? app.now().getTime());
  const response = await app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: {
      'content-type': 'application/json',
      [VENDOR_HEADERS.vendor]: vendorCode,
      [VENDOR_HEADERS.timestamp]: timestamp,
      [VENDOR_HEADERS.signature]: signVendorPayload(options.secret ?? vendor.apiSecret, timestamp, payload),
    },
  });
  return { ...vendorResponse.parse(response.json()), httpStatus: response.statusCode };
}

/** Launch + authenticate: a live vendor session for a funded member. */
export async function openVendorSession(app: FastifyInstance, vendorCode: string, cash: bigint) {
  const funded = await createFundedMember(app, cash);
  const game = await firstGameOf(app, vendorCode);
  const launch = await launchToken(funded.client, funded.token, game.id);
  const auth = await vendorCall(app, vendorCode, VENDOR_API_PATHS.authenticate, { token: launch });
  if (auth.status !== 'RS_OK' || !auth.sessionId || !auth.user) throw new Error(`authenticate failed: ${auth.status}`);
  const base = { sessionId: auth.sessionId, user: auth.user, gameCode: game.gameCode, currency: auth.currency ?? 'BDT' };
  return { ...funded, game, launch, session: base };
}
