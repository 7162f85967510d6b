/**
 * Vendor rounds (debit + credit) through the Evolution One Wallet adapter
 * (/aggregators/evolution/..., authToken, decimal amounts, the aggregator wallet core) against the
 * same rounds (bet + win) through /vendor-api/v1 (HMAC), on one app and one fresh Postgres
 * database, phases alternated A B A B so the shared machine's noise hits both (issue 21: target,
 * Evolution within 10% of /vendor-api/v1).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/aggregator-evolution/run.ts [seconds per phase=6] [workers=8] [players=64]
 *
 * Not a test. The timed calls come from a separate load process (bench/support/load-process.ts,
 * plan 'evolution-rounds' playing Evolution's game server); both paths go through the same group
 * commit (VendorBatcher). The contract's authToken is a random value put in its env var here.
 */

import { randomUUID } from 'node:crypto';
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
const SECRET_ENV = 'EVOLUTION_BENCH_AUTH_TOKEN';
const databaseUrl = requireDatabaseUrl('aggregator-evolution');
process.env[SECRET_ENV] = `bench-${randomUUID()}`;

await runOnBenchApp(databaseUrl, async (app, address) => {
  const bench = await prepareVendorBench(app, VENDOR);
  const { merchant, game } = bench;
  const contract = await insertBenchContract(app, bench, {
    code: 'EVOLUTION',
    protocol: 'evolution',
    name: 'Evolution (bench, fake)',
    baseUrl: 'http://fake-evolution.invalid',
    operatorRef: 'kismatcasino',
    inboundKey: 'kismat',
    secretEnv: SECRET_ENV,
  });

  const { vendorSessions, aggregatorSessions } = await openPlayerPairs(app, bench, VENDOR, contract, players);

  await compareWithVendorApi(app, {
    name: 'evolution',
    label: 'Evolution',
    seconds,
    cpu: false,
    plans: {
      'vendor-api': vendorRoundsPlan(bench, VENDOR, { address, workers, seconds }, vendorSessions),
      evolution: {
        kind: 'evolution-rounds',
        address,
        workers,
        seconds,
        prefix: `/aggregators/evolution/${merchant.code}/EVOLUTION`,
        authToken: process.env[SECRET_ENV] ?? '',
        tableId: game.gameCode,
        currency: merchant.currency,
        sessions: aggregatorSessions.map((opened) => ({ sid: opened.token, userId: opened.user })),
      },
    },
  });
});
