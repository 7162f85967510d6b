/*
 * Points and VIP engines' capacity: how many facts a second one consumer applies with the real
 * 'points' and 'vip' engines (the registry's, alone), on a fresh seeded database with the demo VIP
 * ladder, 50,000 synthetic slot and deposit facts (POINTS_VIP_FACTS) over 200 members queued at
 * once, batches of 500. The slot bench's spins arrive far below this rate, so the engines trail
 * the money by one poll (docs/ARCHITECTURE.md "Facts": lag under 2 s); bench/facts measures the
 * lag with every registry engine under spins.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/points-vip/run.ts [facts=50000] [members=200]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { createFactConsumer } from '../../apps/server/src/modules/facts/index';
import { createPointsEngine, verifyPointsLedger } from '../../apps/server/src/modules/points/index';
import { createVipEngine, seedVip } from '../../apps/server/src/modules/vip/index';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createMember } from '../../apps/server/src/test/factories';
import { createTestDatabase } from '../../apps/server/src/test/test-database';

const [factCount = 50_000, memberCount = 200] = process.argv.slice(2).map(Number);
if (!process.env.DATABASE_URL) {
  console.error('points-vip bench: set DATABASE_URL to a Postgres server.');
  process.exit(2);
}

const database = await createTestDatabase();
await seedDatabase(database.db, { demo: false });
await seedVip(database.db);
const app = await buildApp({ config: testConfig({ DATABASE_URL: process.env.DATABASE_URL }), database, serveWeb: false, logger: false });
try {
  const merchant = await app.merchants.byCode('KISMAT');
  if (!merchant) throw new Error('seeded merchant missing');
  const memberIds: number[] = [];
  for (let index = 0; index < memberCount; index++) memberIds.push((await createMember(app.db, merchant.id)).member.id);
  // Six slot rounds of 500.00 to one deposit of 2,000.00: members climb the ladder as it runs (upgrades and bonuses included).
  await app.db.execute(sql`
    INSERT INTO fact_queue (merchant_id, member_id, kind, source_id, game_type, amount, payout, occurred_at)
    SELECT ${merchant.id}, (${JSON.stringify(memberIds)}::jsonb ->> (n % ${memberIds.length}))::bigint,
      CASE WHEN n % 7 = 0 THEN 'DEPOSIT' ELSE 'ROUND' END, 900000000 + n,
      CASE WHEN n % 7 = 0 THEN NULL ELSE 'BGS' END, CASE WHEN n % 7 = 0 THEN 200000 ELSE 50000 END, 0, clock_timestamp()
    FROM generate_series(1, ${factCount}) AS n`);
  const consumer = createFactConsumer({ db: app.db, engines: [createPointsEngine(), createVipEngine(() => new Date())], batchSize: 500 });
  const started = performance.now();
  let applied = 0;
  for (let batch = 0; batch < 10_000; batch++) {
    const count = await consumer.processBatch();
    applied += count;
    if (count === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  const [stats] = (
    (await app.db.execute(sql`
      SELECT (SELECT count(*) FROM points_entries) AS entries, (SELECT max(rank) FROM vip_members) AS top_rank,
             (SELECT count(*) FROM vip_bonus_awards) AS bonuses`)) as unknown as { rows: Record<string, unknown>[] }
  ).rows;
  const points = await verifyPointsLedger(app.db);
  const ledger = await verifyLedger(app.db);
  console.log(`points-vip: ${memberCount} members, ${factCount} facts`);
  console.log(
    `  capacity: ${applied} facts in ${seconds.toFixed(2)} s = ${(applied / seconds).toFixed(0)} facts/s (points + vip engines, batch 500)`,
  );
  console.log(
    `  effects: ${stats?.entries} points entries, top VIP rank ${stats?.top_rank} (one level change a day), ${stats?.bonuses} upgrade bonuses paid`,
  );
  console.log(
    `  points verify: ${points.ok ? 'OK' : 'BREACH'}; ledger verify: ${ledger.ok ? 'OK' : 'BREACH'} (${ledger.checkedTransfers} transfers)`,
  );
} finally {
  await app.close();
  await database.close();
}
