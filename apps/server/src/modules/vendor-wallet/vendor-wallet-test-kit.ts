import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * The app of the vendor API tests (vendor-wallet.test.ts, vendor-wallet-rounds.test.ts): bets and
 * wins go through the group commit, whose call-by-call replays are collected, and at the end
 * none may have happened and the ledger must verify.
 */

export async function openObservedVendorApp(replayed: unknown[], extend?: (app: FastifyInstance) => void): Promise<TestApp> {
  const t = await buildTestApp(extend ? { extend } : {});
  t.app.vendorBatcher.observe((report) => {
    if (report.outcome === 'replayed') replayed.push(report.error);
  });
  return t;
}

export async function closeVerifiedVendorApp(t: TestApp, replayed: readonly unknown[]): Promise<void> {
  expect(replayed).toEqual([]);
  const report = await verifyLedger(t.app.db);
  expect(report.ok, JSON.stringify(report.samples)).toBe(true);
  await t.close();
}

/**
 * The suite's observed vendor app: opened before its tests (filled in by then: use it inside
 * them), and after them checked (no call-by-call replay, the ledger verifies) and closed.
 */
export function useObservedVendorApp(): TestApp {
  const t = {} as TestApp;
  const replayed: unknown[] = [];
  beforeAll(async () => {
    Object.assign(t, await openObservedVendorApp(replayed));
  });
  afterAll(async () => {
    if (t.app) await closeVerifiedVendorApp(t, replayed);
  });
  return t;
}
