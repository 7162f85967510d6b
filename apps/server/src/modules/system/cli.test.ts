import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants';
import { type Database, openPglite, openPostgres } from '../../platform/db';
import { seedDatabase } from '../../seed/seed';
import { getSiteStatus } from './get-site-status';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../../..');
const cliPath = path.join(here, 'cli.ts');

/**
 * The CLI in its own process, as an operator runs it: against a fresh Postgres database when
 * DATABASE_URL is set, else an embedded database folder.
 */
describe('system CLI', () => {
  const adminUrl = process.env.DATABASE_URL;
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;

  const open = (): Promise<Database> | Database =>
    databaseUrl ? openPostgres({ url: databaseUrl, poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 15000 }) : openPglite(dataDir);
  const env = () => {
    const { DATABASE_URL: _ignored, ...rest } = process.env;
    return { ...rest, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }), LOG_LEVEL: 'silent', NODE_ENV: 'test' };
  };
  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', cliPath, ...args], { cwd: repoRoot, env: env() });

  beforeAll(async () => {
    if (adminUrl) {
      databaseName = `kismat_test_cli_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'kismat-cli-'));
    }
    const database = await open();
    await database.migrate();
    await seedDatabase(database.db, { demo: false });
    await database.close();
  });
  afterAll(async () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl && databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('switches maintenance, region rules and a flag, and reports the result', async () => {
    const maintenance = JSON.parse((await cli('maintenance', 'on', '--end', '2030-01-01T00:00:00Z')).stdout);
    expect(maintenance).toMatchObject({ merchant: 'KISMAT', maintenance: true, maintenanceEnd: '2030-01-01T00:00:00.000Z' });
    const region = JSON.parse((await cli('region', '--block-countries', 'ke,bd', '--block-ips', '198.51.100.0/24')).stdout);
    expect(region).toMatchObject({ blockedCountries: ['KE', 'BD'], ipBlockList: ['198.51.100.0/24'], ipAllowList: [] });
    const flag = JSON.parse((await cli('flag', 'ptsys3', 'off')).stdout);
    expect(flag.flags.PTSYS3).toBe(false);

    const database = await open();
    try {
      const [merchant] = await database.db.select().from(merchants).where(eq(merchants.code, 'KISMAT'));
      if (!merchant) throw new Error('merchant missing');
      expect(getSiteStatus(merchant, '41.90.0.1', new Date('2029-06-01T00:00:00Z')).status).toBe(2);
      expect(getSiteStatus(merchant, '8.8.8.8', new Date('2029-06-01T00:00:00Z'))).toMatchObject({
        status: 1,
        maintenanceEnd: '2030-01-01T00:00:00.000Z',
      });
    } finally {
      await database.close();
    }
  });

  it('refuses bad input with a non-zero exit and a readable message', async () => {
    await expect(cli('region', '--block-ips', '999.1.1.1')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('VALIDATION_FAILED'),
    });
    await expect(cli('maintenance', 'maybe')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  });
});
