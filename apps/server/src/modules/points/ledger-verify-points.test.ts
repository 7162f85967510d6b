import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pointsBalances } from '../../db/schema/points';
import type { Database } from '../../platform/db';
import { seedDatabase } from '../../seed/seed';
import { createMember } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { postPointsEntry } from './post-points-entry';

/*
 * `npm run ledger:verify` (src/ledger-verify.ts) checks the points ledger after the money ledger:
 * a second line, and exit 1 when the points ledger is broken even if the money ledger is sound.
 */

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function runCommand(databaseUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl };
    delete env.INIT_CWD;
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/ledger-verify.ts'],
      { cwd: SERVER_ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 99) : 0, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

describe('ledger:verify with the points ledger', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'prints the points verdict; a tampered points balance is a BREACH and exit 1',
    { timeout: 90_000 },
    async () => {
      database = await createTestDatabase();
      await seedDatabase(database.db, { demo: false });
      const [merchant] = await database.db.query.merchants.findMany({ limit: 1 });
      const { member } = await createMember(database.db, merchant?.id ?? 1);
      await database.db.transaction((tx) =>
        postPointsEntry(tx, {
          merchantId: merchant?.id ?? 1,
          memberId: member.id,
          delta: 70n,
          kind: 'ADJUST',
          reference: 'test:cli',
          now: new Date(),
        }),
      );
      const sound = await runCommand(database.location);
      expect(sound.code).toBe(0);
      expect(sound.output).toMatch(/ledger:verify OK: .*\n?points:verify OK: 1 balances, 1 entries/s);

      await database.db.update(pointsBalances).set({ balance: 700n }).where(eq(pointsBalances.memberId, member.id));
      const broken = await runCommand(database.location);
      expect(broken.code).toBe(1);
      expect(broken.output).toContain('ledger:verify OK');
      expect(broken.output).toContain(`points:verify BREACH: 1 balances not matching their entries [${member.id}]`);
    },
  );
});
