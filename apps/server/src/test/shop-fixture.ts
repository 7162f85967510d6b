import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { createMerchant, TestClient, type TestMerchant, useRealClock } from './factories';

/** A test app with one fresh merchant (a "shop") and a member client on its host. */
export interface ShopFixture {
  t: TestApp;
  shop: TestMerchant;
  client: TestClient;
}

/** Builds the app (with `config`), creates the merchant (with `merchant` options) and its client. */
export async function openShop(
  options: { config?: NonNullable<Parameters<typeof buildTestApp>[0]>['config']; merchant?: Parameters<typeof createMerchant>[1] } = {},
): Promise<ShopFixture> {
  const t = await buildTestApp({ config: options.config });
  const shop = await createMerchant(t.app.db, options.merchant);
  return { t, shop, client: new TestClient(t.app, shop.host) };
}

/**
 * The member-route suites' frame: before all, `openShop` and hand the fixture to `assign` (the
 * suite keeps `t`, `shop`, `client` as its own variables); after each test the real clock again;
 * after all the app closed.
 */
export function useShop(assign: (fixture: ShopFixture) => void, options: Parameters<typeof openShop>[0] = {}): void {
  let opened: ShopFixture | undefined;
  beforeAll(async () => {
    opened = await openShop(options);
    assign(opened);
  });
  afterAll(async () => opened?.t.close());
  afterEach(() => {
    if (opened) useRealClock(opened.t);
  });
}
