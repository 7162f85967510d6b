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

import { registerHub88WalletRoutes } from '../../apps/server/src/modules/aggregators/hub88/wallet-routes';
import { generateHub88KeyPair } from '../../apps/server/src/modules/aggregators/hub88/wallet-simulator';
import {
  compareWithVendorApi,
  insertBenchContract,
  openPlayerPairs,
  prepareVendorBench,
  vendorRoundsPlan,
} from '../support/aggregator-bench';
import { requireDatabaseUrl, runOnBenchApp } from '../support/bench-app';

const [seconds = 6, workers = 8, players = 64] = process.argv.slice(2).map(Number);
const VENDOR = 'PT';
const databaseUrl = requireDatabaseUrl('aggregator-hub88');

await runOnBenchApp(
  databaseUrl,
  async (app, address) => {
    const bench = await prepareVendorBench(app, VENDOR);
    const { merchant, game } = bench;
    const keys = generateHub88KeyPair();
    const contract = await insertBenchContract(app, bench, {
      code: 'HUB88',
      protocol: 'hub88',
      name: 'Hub88 (bench, fake)',
      baseUrl: 'http://fake-hub88.invalid',
      operatorRef: '1',
      inboundKey: keys.publicKeyPem,
      secretEnv: 'HUB88_BENCH_PRIVATE_KEY',
    });

    const { vendorSessions, aggregatorSessions } = await openPlayerPairs(app, bench, VENDOR, contract, players);

    await compareWithVendorApi(app, {
      name: 'hub88',
      label: 'Hub88',
      seconds,
      cpu: true,
      plans: {
        'vendor-api': vendorRoundsPlan(bench, VENDOR, { address, workers, seconds }, vendorSessions),
        hub88: {
          kind: 'hub88-rounds',
          address,
          workers,
          seconds,
          prefix: '/aggregators/hub88/KISMAT/HUB88',
          privateKeyPem: keys.privateKeyPem,
          gameCode: game.gameCode,
          currency: merchant.currency,
          sessions: aggregatorSessions.map((opened) => ({ token: opened.token, user: opened.user })),
        },
      },
    });
  },
  // Wired by the aggregators index once registered there; registered here when it is not.
  async (app) => {
    if (!app.hasRoute({ method: 'POST', url: '/aggregators/hub88/:merchant/:code/transaction/bet' }))
      await app.register(registerHub88WalletRoutes);
  },
);
