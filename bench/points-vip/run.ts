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
import { drainConsumer } from '../support/bench-app';

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
  const { applied, seconds } = await drainConsumer(consumer);
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
