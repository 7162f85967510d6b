/**
 * Micro-bench of the ledger core (no HTTP): bet + win rounds posted straight through
 * postTransfer on a fresh Postgres database, once against a sharded (hot) house account and once
 * against a one-shard account, so the cost of a single hot row shows as a ratio.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/wallet/ledger-core.ts [seconds=5] [workers=10] [members=200]
 *
 * Not a test: numbers depend on the machine. The HTTP bench beside pgbench comes with the API.
 */
import { performance } from 'node:perf_hooks';
import { merchants } from '../../apps/server/src/db/schema/merchants';
import { ensureMemberAccounts } from '../../apps/server/src/modules/wallet/ensure-member-accounts';
import { openAccount } from '../../apps/server/src/modules/wallet/open-account';
import { postTransfer } from '../../apps/server/src/modules/wallet/post-transfer';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { createTestDatabase } from '../../apps/server/src/test/test-database';

const [seconds = 5, workers = 10, memberCount = 200] = process.argv.slice(2).map(Number);

if (!process.env.DATABASE_URL) {
  console.error('ledger-core bench: set DATABASE_URL to a Postgres server (PGlite runs one transaction at a time).');
  process.exit(2);
}

const database = await createTestDatabase();
const { db } = database;
try {
  const [merchant] = await db.insert(merchants).values({ code: 'bench', name: 'Bench' }).returning({ id: merchants.id });
  const merchantId = merchant!.id;
  const cashier = await openAccount(db, { merchantId, code: 'CASHIER_CLEARING', subkey: 'bench', currency: 'BDT' });
  const house = await openAccount(db, { merchantId, code: 'HOUSE', currency: 'BDT' });
  const singleRow = await openAccount(db, { merchantId, code: 'VENDOR_CLEARING', subkey: 'one-shard', currency: 'BDT', shardCount: 1 });
  const cashIds: number[] = [];
  for (let memberId = 1; memberId <= memberCount; memberId += 1) {
    const { cash } = await ensureMemberAccounts(db, { merchantId, memberId, currency: 'BDT' });
    await postTransfer(db, {
      merchantId,
      idempotencyKey: `fund:${memberId}`,
      type: 'deposit',
      entries: [
        { accountId: cashier.id, amount: -10_000_000n },
        { accountId: cash.id, amount: 10_000_000n },
      ],
    });
    cashIds.push(cash.id);
  }

  let sequence = 0;
  const run = async (label: string, counterpartyId: number) => {
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    const worker = async (index: number) => {
      // Each worker plays its own slice of members, as real players would.
      for (let round = 0; performance.now() < deadline; round += 1) {
        const cashId = cashIds[(index + round * workers) % cashIds.length]!;
        for (const [type, amount] of [
          ['bet', -100n],
          ['payout', 90n],
        ] as const) {
          sequence += 1;
          const started = performance.now();
          await postTransfer(db, {
            merchantId,
            idempotencyKey: `bench:${label}:${sequence}`,
            type,
            entries: [
              { accountId: cashId, amount },
              { accountId: counterpartyId, amount: -amount },
            ],
          });
          latencies.push(performance.now() - started);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: workers }, (_unused, index) => worker(index)));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((left, right) => left - right);
    const percentile = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!.toFixed(1);
    const perSecond = latencies.length / elapsed;
    console.log(
      `${label.padEnd(22)} ${perSecond.toFixed(0).padStart(6)} transfers/s   p50 ${percentile(0.5)} ms   p99 ${percentile(0.99)} ms`,
    );
    return perSecond;
  };

  console.log(`ledger core, ${workers} workers, ${memberCount} members, ${seconds}s per scenario`);
  const sharded = await run(`house (${house.shardCount} shards)`, house.id);
  const single = await run('one-shard account', singleRow.id);
  console.log(`sharded / one-shard throughput: ${(sharded / single).toFixed(2)}x`);
  const verdict = await verifyLedger(db);
  console.log(`verifyLedger after the run: ${verdict.ok ? 'OK' : 'BREACH'} (${verdict.checkedTransfers} transfers)`);
  if (!verdict.ok) process.exitCode = 1;
} finally {
  await database.close();
}
