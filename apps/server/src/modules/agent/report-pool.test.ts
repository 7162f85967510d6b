import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_POOL_MAX } from '../../platform/db';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/*
 * Slow agent reads never take the connections of money calls and jobs (issue 16): the report
 * routes run on Database.reportDb, a pool of its own. With every report connection busy, the
 * app's pool still answers at once, and a further report waits for a report connection.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe.runIf(process.env.DATABASE_URL)('report pool', () => {
  it('is apart from the app pool: reports queue among themselves, money calls do not wait', async () => {
    const { db, reportDb } = t.app.database;
    expect(reportDb).not.toBe(db);
    const started = performance.now();
    // Promise.all starts them (a Drizzle query runs when awaited).
    const busy = Promise.all(Array.from({ length: REPORT_POOL_MAX }, () => reportDb.execute(sql`SELECT pg_sleep(1.5)`)));
    // Let the sleeps take every report connection.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const appAt = performance.now();
    await db.execute(sql`SELECT 1`);
    expect(performance.now() - appAt).toBeLessThan(1_000);
    await reportDb.execute(sql`SELECT 1`);
    // The extra report waited for a sleeping one to give its connection back.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);
    await busy;
  });
});
