/**
 * Vendor wallet over HTTP: signed bet + win rounds per second and p99 against a fresh Postgres
 * database, beside pgbench (TPC-B-like) on the same server in the same run, printing the ratio
 * (DESIGN.md section 8: target >= 1.0, p99 < 50 ms).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/vendor-wallet/run.ts [seconds=10] [workers=16] [players=200]
 *
 * Not a test. A bounded loop (each worker plays its own players, one round at a time), real
 * HTTP to the listening app, real HMAC signatures.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { VENDOR_API_PATHS, VENDOR_HEADERS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { games, vendors } from '../../apps/server/src/db/schema/catalogue';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { launchGame } from '../../apps/server/src/modules/game-launch/launch-game';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import { ensureMemberAccounts } from '../../apps/server/src/modules/wallet/ensure-member-accounts';
import { openAccount } from '../../apps/server/src/modules/wallet/open-account';
import { postTransfer } from '../../apps/server/src/modules/wallet/post-transfer';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { createMember } from '../../apps/server/src/test/factories';
import { createTestDatabase } from '../../apps/server/src/test/test-database';

const [seconds = 10, workers = 16, players = 200] = process.argv.slice(2).map(Number);
const VENDOR = 'PT';
/** pgbench scale (10 = 1M accounts); a smaller one only to smoke-test this script. */
const PGBENCH_SCALE = process.env.PGBENCH_SCALE ?? '10';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('vendor-wallet bench: set DATABASE_URL to a Postgres server.');
  process.exit(2);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** pgbench TPC-B-like on a scratch database of the same server, same duration and clients. */
function runPgbench(url: string): number {
  const admin = new URL(url);
  const name = `pgbench_${Date.now()}`;
  const env = {
    ...process.env,
    PGHOST: admin.hostname,
    PGPORT: admin.port || '5432',
    PGUSER: decodeURIComponent(admin.username || 'postgres'),
  };
  execFileSync('createdb', [name], { env });
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', PGBENCH_SCALE, name], { env, stdio: 'ignore' });
    const output = execFileSync('pgbench', ['-c', String(workers), '-j', '2', '-T', String(seconds), name], { env, encoding: 'utf8' });
    const match = /tps = ([\d.]+)/.exec(output);
    return match ? Number(match[1]) : 0;
  } finally {
    execFileSync('dropdb', [name], { env });
  }
}

const database = await createTestDatabase();
await seedDatabase(database.db, { demo: false });
const app = await buildApp({ config: testConfig({ DATABASE_URL: databaseUrl }), database, serveWeb: false, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const merchant = await app.merchants.byCode('KISMAT');
  if (!merchant) throw new Error('no merchant');
  const [game] = await app.db
    .select({ id: games.id, gameCode: games.gameCode })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(vendors.code, VENDOR)))
    .orderBy(asc(games.id))
    .limit(1);
  const vendor = await app.vendorDirectory.find(VENDOR);
  if (!game || !vendor) throw new Error('no game or vendor');
  const source = await openAccount(app.db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });

  const call = async (path: string, body: Record<string, unknown>): Promise<VendorResponse> => {
    const payload = JSON.stringify({ requestUuid: randomUUID(), ...body });
    const timestamp = String(Date.now());
    const response = await fetch(`${address}${path}`, {
      method: 'POST',
      body: payload,
      headers: {
        'content-type': 'application/json',
        [VENDOR_HEADERS.vendor]: VENDOR,
        [VENDOR_HEADERS.timestamp]: timestamp,
        [VENDOR_HEADERS.signature]: signVendorPayload(vendor.apiSecret, timestamp, payload),
      },
    });
    return (await response.json()) as VendorResponse;
  };

  // Players: funded, launched (directly, no login), authenticated over HTTP.
  const sessions: { sessionId: string; user: string }[] = [];
  for (let index = 0; index < players; index += 1) {
    const { member } = await createMember(app.db, merchant.id, { password: null });
    const { cash } = await ensureMemberAccounts(app.db, { merchantId: merchant.id, memberId: member.id, currency: merchant.currency });
    await postTransfer(app.db, {
      merchantId: merchant.id,
      idempotencyKey: `bench-fund:${member.id}`,
      type: 'adjustment',
      entries: [
        { accountId: source.id, amount: -100_000_000n },
        { accountId: cash.id, amount: 100_000_000n },
      ],
    });
    const launch = await launchGame(app.db, app.vendorDirectory, { merchant, member, nodeId: game.id, language: 'EN', now: new Date() });
    const token = new URL(launch.url, 'http://local').searchParams.get('token') ?? '';
    const auth = await call(VENDOR_API_PATHS.authenticate, { token });
    if (auth.status !== 'RS_OK' || !auth.sessionId || !auth.user) throw new Error(`authenticate: ${auth.status}`);
    sessions.push({ sessionId: auth.sessionId, user: auth.user });
  }

  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_unused, worker) => {
      for (let round = 0; performance.now() < deadline; round += 1) {
        const session = sessions[(worker + round * workers) % sessions.length];
        if (!session) break;
        const roundId = randomUUID();
        const common = { ...session, gameCode: game.gameCode, roundId, currency: merchant.currency };
        const started = performance.now();
        const bet = await call(VENDOR_API_PATHS.bet, { ...common, transactionUuid: `${roundId}-b`, amount: '1.00' });
        const win = await call(VENDOR_API_PATHS.win, { ...common, transactionUuid: `${roundId}-w`, amount: '0.90' });
        latencies.push(performance.now() - started);
        if (bet.status !== 'RS_OK' || win.status !== 'RS_OK') failures += 1;
      }
    }),
  );
  latencies.sort((left, right) => left - right);
  const roundsPerSecond = latencies.length / seconds;
  const report = await verifyLedger(app.db);
  const tps = runPgbench(databaseUrl);
  console.log(
    [
      `vendor-wallet: ${latencies.length} bet+win rounds in ${seconds}s with ${workers} workers over HTTP (${failures} failed)`,
      `  rounds/s ${roundsPerSecond.toFixed(1)}  p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p99 ${percentile(latencies, 0.99).toFixed(1)} ms (per round = 2 calls)`,
      `  pgbench TPC-B-like (scale ${PGBENCH_SCALE}, ${workers} clients, ${seconds}s): ${tps.toFixed(1)} tps`,
      `  ratio rounds/s : pgbench tps = ${(roundsPerSecond / tps).toFixed(2)} (target >= 1.0)`,
      `  ledger verify: ${report.ok ? 'OK' : 'BREACH'}`,
    ].join('\n'),
  );
} finally {
  await app.close();
  await database.close();
}
