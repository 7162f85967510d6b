import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import type { Database } from '../platform/db';
import { seedDatabase } from '../seed/seed';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Moves the app's clock; business rules read `app.now()`. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/** The real app on a fresh real database, seeded like production (no demo members). */
export async function buildTestApp(
  options: { config?: Partial<Config>; seed?: boolean; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDatabase(database.db, { demo: false });
  let now: Date | undefined;
  const app = await buildApp({ config: testConfig(options.config), database, now: () => now ?? new Date(), serveWeb: false });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    setNow(date) {
      now = date;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A fresh data folder for one suite (uploads, generated keys): `kismat-<suite>-…` in the system's temporary folder. */
export function freshDataDir(suite: string): string {
  return mkdtempSync(path.join(tmpdir(), `kismat-${suite}-`));
}

/** The demo site's configuration for a suite: demo data and the payment sandbox on, a fresh data folder, then the suite's `extra`. */
export function demoSiteConfig(suite: string, extra: Partial<Config> = {}): Partial<Config> {
  return { SEED_DEMO: true, PAYMENT_SANDBOX: true, DATA_DIR: freshDataDir(suite), ...extra };
}
