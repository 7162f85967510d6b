import { afterAll, afterEach, beforeAll } from 'vitest';
import { seedDepositChannels } from '../modules/cashier/seed-deposit-channels';
import { verifyLedger } from '../modules/wallet/verify-ledger';
import type { Db } from '../platform/db';
import { buildTestApp, demoSiteConfig, type TestApp } from './build-test-app';
import {
  type CreateMemberOptions,
  createMember,
  createMerchant,
  TestClient,
  type TestMember,
  type TestMerchant,
  uniqueIp,
  useRealClock,
} from './factories';

/** A test app with one fresh merchant (a "shop") and a member client on its host. */
export interface ShopFixture {
  t: TestApp;
  shop: TestMerchant;
  client: TestClient;
}

/** How `openShop` builds the app (`config`), the merchant (`merchant` options) and the client (`language`). */
export interface OpenShopOptions {
  config?: NonNullable<Parameters<typeof buildTestApp>[0]>['config'];
  merchant?: Parameters<typeof createMerchant>[1];
  language?: ConstructorParameters<typeof TestClient>[2];
}

/** Builds the app (with `config`), creates the merchant (with `merchant` options) and its client. */
export async function openShop(options: OpenShopOptions = {}): Promise<ShopFixture> {
  const t = await buildTestApp({ config: options.config });
  const shop = await createMerchant(t.app.db, options.merchant);
  return { t, shop, client: new TestClient(t.app, shop.host, options.language) };
}

/** Checks the ledger balances after a suite's money moves (a breach fails the suite with the report), then closes its app. */
export async function closeVerified(t: { app: { db: Db }; close(): Promise<void> }): Promise<void> {
  const report = await verifyLedger(t.app.db);
  if (!report.ok) throw new Error(`ledger verify failed: ${JSON.stringify(report)}`);
  await t.close();
}

/** `useTestApp`'s frame: the app's `config` and how it closes. */
export interface UseTestAppOptions {
  config?: OpenShopOptions['config'];
  /** How the app closes after all (default `t.close()`; money suites verify the ledger first). */
  close?: (t: TestApp) => Promise<unknown>;
}

/**
 * The suites with no shop of their own: before all, the app built and handed to `setUp` (which
 * keeps it and seeds what the suite needs); after all, closed.
 */
export function useTestApp(setUp: (t: TestApp) => unknown, options: UseTestAppOptions = {}): void {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp({ config: options.config });
    await setUp(built);
  });
  afterAll(async () => {
    if (built) await (options.close ? options.close(built) : built.close());
  });
}

/** `useShop`'s frame beyond `openShop`: what the suite seeds, how it closes, whether the clock resets. */
export interface UseShopOptions extends OpenShopOptions {
  /** The suite's own setup after the shop opened, in the same before-all (issues, rules, a pinned clock). */
  prepare?: (fixture: ShopFixture) => Promise<unknown> | unknown;
  /** How the app closes after all (default `t.close()`; money suites verify the ledger first). */
  close?: (t: TestApp) => Promise<unknown>;
  /** Keep the clock a test or `prepare` set (default: the real clock again after each test). */
  keepClock?: boolean;
}

/**
 * The route suites' frame: before all, `openShop` and hand the fixture to `assign` (the suite
 * keeps `t`, `shop`, `client` as its own variables and seeds what it needs), then `prepare`; after each test the real
 * clock again (unless `keepClock`); after all the app closed (by `close` when given).
 */
export function useShop(assign: (fixture: ShopFixture) => unknown, options: UseShopOptions = {}): void {
  let opened: ShopFixture | undefined;
  beforeAll(async () => {
    opened = await openShop(options);
    await assign(opened);
    await options.prepare?.(opened);
  });
  afterAll(async () => {
    if (opened) await (options.close ? options.close(opened.t) : opened.t.close());
  });
  if (!options.keepClock) {
    afterEach(() => {
      if (opened) useRealClock(opened.t);
    });
  }
}

/**
 * The deposit suites' frame (useShop): the demo site (`demoSiteConfig`) with `operatorToken`, and
 * a shop whose sandbox deposit channels are seeded, so members can pay through the sandbox gateway.
 * Answers the suite's `player(options)`: a new member of the shop (created with `options`), logged
 * in through the suite's client from an IP of its own.
 */
export function useSandboxShop(
  assign: (fixture: ShopFixture) => void,
  options: { suite: string; operatorToken: string } & Pick<UseShopOptions, 'language' | 'keepClock'>,
): (member?: CreateMemberOptions) => Promise<TestMember & { token: string }> {
  let opened: ShopFixture | undefined;
  useShop(
    (fixture) => {
      opened = fixture;
      assign(fixture);
    },
    {
      config: demoSiteConfig(options.suite, { OPERATOR_TOKEN: options.operatorToken }),
      language: options.language,
      keepClock: options.keepClock,
      prepare: ({ t, shop }) => seedDepositChannels(t.app.db, shop.merchant.id, { paymentSandbox: true }),
    },
  );
  return async (member = {}) => {
    if (!opened) throw new Error('player() before the shop opened');
    const created = await createMember(opened.t.app.db, opened.shop.merchant.id, member);
    const token = await opened.client.login(created.member.username, created.password ?? '', { ip: uniqueIp() });
    return { ...created, token };
  };
}
