import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { VendorBatchOptions, VendorBatchReport } from '../modules/vendor-wallet/vendor-batch';
import { verifyLedger } from '../modules/wallet/verify-ledger';
import { buildTestApp, type TestApp } from './build-test-app';

/**
 * A vendor batch suite's frame: one app for the file (handed to `assign`), every batch it commits
 * observed into `reports` (emptied, and the batcher's options put back as the app started with them, after each test), and the
 * ledger verified before the app closes. `callOf` builds a VendorCall for `vendorCode` as the
 * routes do.
 */
export function useVendorBatchApp(vendorCode: string, assign: (t: TestApp) => void) {
  let t: TestApp | undefined;
  const reports: VendorBatchReport[] = [];
  let stopObserving: () => void = () => undefined;
  let startOptions: VendorBatchOptions | undefined;
  const app = () => {
    if (!t) throw new Error('the vendor batch app is not built yet');
    return t.app;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    assign(t);
    startOptions = { ...t.app.vendorBatcher.options };
    stopObserving = t.app.vendorBatcher.observe((report) => reports.push(report));
  });
  afterEach(() => {
    if (startOptions) app().vendorBatcher.options = { ...startOptions };
    reports.length = 0;
  });
  afterAll(async () => {
    stopObserving();
    const report = await verifyLedger(app().db);
    expect(report.ok, JSON.stringify(report.samples)).toBe(true);
    await t?.close();
  });

  /** A VendorCall as the routes build it. */
  async function callOf() {
    const vendor = await app().vendorDirectory.find(vendorCode);
    if (!vendor) throw new Error('vendor missing');
    return { db: app().db, vendor, directory: app().vendorDirectory, now: app().now() };
  }

  return { reports, callOf };
}
