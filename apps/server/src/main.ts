import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDatabase } from './db/seed/seed';
import { agentSettlementJobs } from './modules/agent/agent-settlement-jobs';
import { autoConfirmWithdrawalsJob } from './modules/cashier/auto-confirm-withdrawals';
import { lotteryJobs } from './modules/house-games/lottery-jobs';
import { DEMO_ACCOUNTS } from './modules/member/seed-demo-accounts';
import { openDatabase } from './platform/db';
import { startScheduler } from './platform/scheduler';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const isDemo = config.SEED_DEMO || config.NODE_ENV !== 'production';
await seedDatabase(database.db, { demo: isDemo });

const app = await buildApp({ config, database });
// Background jobs; each (job, period) runs on one node only (job_runs claims).
const stopScheduler = startScheduler({
  db: database.db,
  jobs: [autoConfirmWithdrawalsJob(database.db), ...agentSettlementJobs(database.db), ...lotteryJobs(database.db, app.realtime)],
  now: app.now,
  log: app.log,
});

closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing: draining requests');
  app.isClosing = true;
  stopScheduler();
  await app.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
app.log.info(`database: ${database.kind} at ${database.location}`);
console.log(`\nKismat is running on http://${shownHost}:${config.PORT}  (database: ${database.kind}, ${database.location})`);
if (isDemo) {
  console.log(`Demo player: ${DEMO_ACCOUNTS.player.username} / ${DEMO_ACCOUNTS.player.password}`);
  console.log(
    `Demo agent:  ${DEMO_ACCOUNTS.agent.username} / ${DEMO_ACCOUNTS.agent.password}  (agent login at /agent, invitation code ${DEMO_ACCOUNTS.agent.affiliateCode})`,
  );
}
