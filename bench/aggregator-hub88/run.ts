/**
 * Vendor rounds (bet + win) through the Hub88 adapter (/aggregators/hub88/..., RSA-SHA256
 * signatures, the aggregator wallet core) against the same rounds through /vendor-api/v1 (HMAC),
 * on one app and one fresh Postgres database, phases alternated A B A B so the shared machine's
 * noise hits both (issue 21: target, Hub88 within 10% of /vendor-api/v1).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/aggregator-hub88/run.ts [seconds per phase=6] [workers=8] [players=64]
 *
 * Not a test. The timed calls come from a separate load process (bench/support/load-process.ts);
 * both paths go through the same group commit (VendorBatcher). The fake Hub88's key pair is
 * generated here; signing happens in the load process, verifying in the server.
 */

import { VENDOR_API_PATHS, VENDOR_HEADERS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { aggregatorIntegrations } from '../../apps/server/src/db/schema/aggregators';
import { games, vendors } from '../../apps/server/src/db/schema/catalogue';
import { registerHub88WalletRoutes } from '../../apps/server/src/modules/aggregators/hub88/wallet-routes';
import { generateHub88KeyPair } from '../../apps/server/src/modules/aggregators/hub88/wallet-simulator';
import { launchGame } from '../../apps/server/src/modules/game-launch/launch-game';
import { openAggregatorSession } from '../../apps/server/src/modules/vendor-wallet/index';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import { openAccount } from '../../apps/server/src/modules/wallet/open-account';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createMember } from '../../apps/server/src/test/factories';
import { createTestDatabase } from '../../apps/server/src/test/test-database';
import { backendCpuSeconds } from '../support/backend-cpu';
import { fundBenchMember } from '../support/bench-app';
import { type LoadPlan, runLoadProcess, summariseLoad } from '../support/load-process';

const [seconds = 6, workers = 8, players = 64] = process.argv.slice(2).map(Number);
const VENDOR = 'PT';
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('aggregator-hub88 bench: set DATABASE_URL to a Postgres server.');
  process.exit(2);
}

const database = await createTestDatabase();
await seedDatabase(database.db, { demo: false });
const app = await buildApp({ config: testConfig({ DATABASE_URL: databaseUrl }), database, serveWeb: false, logger: false });
// Wired by the aggregators index once registered there; registered here when it is not.
if (!app.hasRoute({ method: 'POST', url: '/aggregators/hub88/:merchant/:code/transaction/bet' }))
  await app.register(registerHub88WalletRoutes);
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
  const keys = generateHub88KeyPair();
  const [row] = await app.db
    .insert(aggregatorIntegrations)
    .values({
      merchantId: merchant.id,
      code: 'HUB88',
      protocol: 'hub88',
      name: 'Hub88 (bench, fake)',
      isEnabled: true,
      baseUrl: 'http://fake-hub88.invalid',
      operatorRef: '1',
      inboundKey: keys.publicKeyPem,
      secretEnv: 'HUB88_BENCH_PRIVATE_KEY',
    })
    .returning();
  if (!row) throw new Error('no contract');
  const contract = { id: row.id, merchantId: row.merchantId, code: row.code, protocol: row.protocol, isEnabled: true };

  // /vendor-api/v1 players: launched and authenticated (in-process inject: setup only).
  const vendorSessions: { sessionId: string; user: string }[] = [];
  const hubSessions: { token: string; user: string }[] = [];
  for (let index = 0; index < players; index += 1) {
    const { member } = await createMember(app.db, merchant.id, { password: null });
    await fundBenchMember(app.db, merchant, source.id, member.id);
    const launch = await launchGame(app.db, app.vendorDirectory, { merchant, member, nodeId: game.id, language: 'EN', now: new Date() });
    const token = new URL(launch.url, 'http://local').searchParams.get('token') ?? '';
    const payload = JSON.stringify({ requestUuid: `auth-${index}`, token });
    const timestamp = String(Date.now());
    const auth = (
      await app.inject({
        method: 'POST',
        url: VENDOR_API_PATHS.authenticate,
        payload,
        headers: {
          'content-type': 'application/json',
          [VENDOR_HEADERS.vendor]: VENDOR,
          [VENDOR_HEADERS.timestamp]: timestamp,
          [VENDOR_HEADERS.signature]: signVendorPayload(vendor.apiSecret, timestamp, payload),
        },
      })
    ).json() as VendorResponse;
    if (auth.status !== 'RS_OK' || !auth.sessionId || !auth.user) throw new Error(`authenticate: ${auth.status}`);
    vendorSessions.push({ sessionId: auth.sessionId, user: auth.user });
    const hub = await createMember(app.db, merchant.id, { password: null });
    await fundBenchMember(app.db, merchant, source.id, hub.member.id);
    const opened = await openAggregatorSession(app.db, {
      contract,
      memberId: hub.member.id,
      gameId: game.id,
      currency: merchant.currency,
      now: new Date(),
    });
    hubSessions.push({ token: opened.token, user: opened.user });
  }

  const plans: Record<'vendor-api' | 'hub88', LoadPlan> = {
    'vendor-api': {
      kind: 'vendor-rounds',
      address,
      workers,
      seconds,
      vendorCode: VENDOR,
      apiSecret: vendor.apiSecret,
      gameCode: game.gameCode,
      currency: merchant.currency,
      sessions: vendorSessions,
    },
    hub88: {
      kind: 'hub88-rounds',
      address,
      workers,
      seconds,
      prefix: '/aggregators/hub88/KISMAT/HUB88',
      privateKeyPem: keys.privateKeyPem,
      gameCode: game.gameCode,
      currency: merchant.currency,
      sessions: hubSessions,
    },
  };
  const fresh = () => ({ rounds: 0, seconds: 0, latencies: [] as number[], failed: 0, serverMs: 0, backendMs: 0 });
  const totals = { 'vendor-api': fresh(), hub88: fresh() };
  for (const phase of ['vendor-api', 'hub88', 'vendor-api', 'hub88'] as const) {
    const cpuBefore = process.cpuUsage();
    const backendBefore = await backendCpuSeconds(app.db);
    const load = await runLoadProcess(plans[phase]);
    const cpu = process.cpuUsage(cpuBefore);
    const backend = (await backendCpuSeconds(app.db)) - backendBefore;
    const run = summariseLoad(load);
    const rate = run.latencies.length / seconds;
    const rounds = Math.max(1, run.latencies.length);
    const serverMs = (cpu.user + cpu.system) / 1000 / rounds;
    const backendMs = (backend * 1000) / rounds;
    totals[phase].serverMs += serverMs * run.latencies.length;
    totals[phase].backendMs += backendMs * run.latencies.length;
    console.log(
      `${phase.padEnd(10)} ${rate.toFixed(1)} rounds/s  p50 ${run.p50.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms  CPU/round: server ${serverMs.toFixed(2)} ms, Postgres ${backendMs.toFixed(2)} ms  (${run.describeFailures()})`,
    );
    totals[phase].rounds += run.latencies.length;
    totals[phase].seconds += seconds;
    totals[phase].latencies.push(...run.latencies);
    totals[phase].failed += run.failed;
  }
  const rateOf = (name: 'vendor-api' | 'hub88') => totals[name].rounds / totals[name].seconds;
  const p50Of = (name: 'vendor-api' | 'hub88') => {
    const sorted = [...totals[name].latencies].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  console.log(
    `total      /vendor-api/v1 ${rateOf('vendor-api').toFixed(1)} rounds/s (p50 ${p50Of('vendor-api').toFixed(1)} ms), Hub88 ${rateOf('hub88').toFixed(1)} rounds/s (p50 ${p50Of('hub88').toFixed(1)} ms): Hub88/vendor-api = ${(rateOf('hub88') / rateOf('vendor-api')).toFixed(3)}; failed ${totals['vendor-api'].failed} / ${totals.hub88.failed}`,
  );
  const cpuOf = (name: 'vendor-api' | 'hub88') => (totals[name].serverMs + totals[name].backendMs) / Math.max(1, totals[name].rounds);
  console.log(
    `CPU/round  /vendor-api/v1 ${cpuOf('vendor-api').toFixed(2)} ms, Hub88 ${cpuOf('hub88').toFixed(2)} ms (server + Postgres): Hub88/vendor-api = ${(cpuOf('hub88') / cpuOf('vendor-api')).toFixed(3)}`,
  );
  const ledger = await verifyLedger(app.db);
  console.log(`ledger verify: ${ledger.ok ? 'ok' : `FAILED ${JSON.stringify(ledger.samples)}`}`);
} finally {
  await app.close();
  await database.close();
}
