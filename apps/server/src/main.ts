import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { isPaymentSandboxOn, loadConfig } from './config';
import { agentSettlementJobs } from './modules/agent/index';
import {
  autoConfirmWithdrawalsJob,
  expireOnlineDepositsJob,
  queryProviderDepositsJob,
  queryProviderPayoutsJob,
  reconcilePaymentsJob,
} from './modules/cashier/index';
import { CrashEngine, crashPublisherOf } from './modules/crash/index';
import { lotteryJobs } from './modules/house-games/index';
import { inboxCampaignsJob } from './modules/inbox/index';
import { loyaltyPorts } from './modules/loyalty-ports';
import { DEMO_ACCOUNTS } from './modules/member/index';
import { missionJobs } from './modules/missions/index';
import { teenPattiTimeoutsJob } from './modules/originals/index';
import { expireRequirementsJob } from './modules/promotions/index';
import { rebateJobs } from './modules/rebates/index';
import { foldReportsJob } from './modules/reports/index';
import { riskScanJob } from './modules/risk/index';
import { vipReviewJob } from './modules/vip/index';
import { openDatabase } from './platform/db';
import { serveMetrics } from './platform/metrics';
import { checkMessageDelivery } from './platform/outbox/check-message-delivery';
import { startScheduler } from './platform/scheduler';
import { seedDatabase } from './seed/seed';

const config = loadConfig();
const delivery = checkMessageDelivery(config);
if (delivery.problems.length > 0) {
  throw new Error(`Invalid configuration:\n${delivery.problems.map((problem) => `  - ${problem}`).join('\n')}`);
}
const database = await openDatabase(config);
await database.migrate();
// A demo only when asked for (SEED_DEMO, which `npm start` sets): never because NODE_ENV was left unset.
const isDemo = config.SEED_DEMO;
const isSandboxOn = isPaymentSandboxOn(config);
const seeded = await seedDatabase(database.db, {
  demo: isDemo,
  paymentSandbox: isSandboxOn,
  // The demo's fake payment providers are served by this process (the M-Pesa channel calls it there).
  localOrigin: `http://127.0.0.1:${config.PORT}`,
});

const app = await buildApp({ config, database });
// Test only: the e2e global setup sets TEST_CLOCK to move the agent settlement jobs' clock. The route
// lives in src/test/ and is loaded here only then, so no deployment carries it.
if (config.TEST_CLOCK) {
  const { registerSettlementTestClock } = await import('./test/settlement-test-clock');
  await app.register(registerSettlementTestClock);
}
// Background jobs; each (job, period) runs on one node only (job_runs claims).
const stopScheduler = startScheduler({
  db: database.db,
  jobs: [
    autoConfirmWithdrawalsJob(database.db),
    expireOnlineDepositsJob(database.db),
    reconcilePaymentsJob(database.db, { publicOrigin: config.PUBLIC_ORIGIN }),
    // Payment providers whose callback or payout result never came are asked (docs/payments.md).
    queryProviderDepositsJob({ db: database.db, realtime: app.realtime, publicOrigin: config.PUBLIC_ORIGIN }),
    queryProviderPayoutsJob({ db: database.db, realtime: app.realtime, publicOrigin: config.PUBLIC_ORIGIN }),
    vipReviewJob(database.db),
    ...agentSettlementJobs(database.db),
    ...lotteryJobs(database.db, app.realtime),
    ...rebateJobs(database.db, loyaltyPorts),
    ...missionJobs(database.db),
    // Promotion bonuses past their expiry: the unspent bonus goes back to PROMOTION_COST.
    expireRequirementsJob(database.db),
    // Operator messages due now: fanned out in member batches (docs/inbox.md).
    inboxCampaignsJob(database.db, app.realtime),
    // Reports: the hours that ended folded into report_hourly (docs/reports.md).
    foldReportsJob(database.db),
    // Risk rules over what happened since their watermarks (docs/risk.md).
    riskScanJob(database.db),
    // Teen Patti rounds left without Play or Fold for 10 minutes are folded (docs/house-games.md).
    teenPattiTimeoutsJob(database.db),
  ],
  now: app.now,
  log: app.log,
});

// Prometheus metrics on their own port, never the public one (docs/operations.md).
const metricsServer = config.METRICS_PORT ? await serveMetrics(app.metrics, config.METRICS_PORT, config.METRICS_HOST) : null;

// Loyalty engines trail play by under 2 s (docs/ARCHITECTURE.md "Facts"); every node may run one.
const stopFactConsumer = app.factConsumer.start();

// The crash rounds (issue 23): every node runs an engine; one per merchant leads (crash_engine_leases).
const stopCrashEngine = new CrashEngine({ db: database.db, publisher: crashPublisherOf(app), now: app.now, log: app.log }).start();

closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing: draining requests');
  app.isClosing = true;
  stopScheduler();
  stopFactConsumer();
  await stopCrashEngine();
  metricsServer?.close();
  await app.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
app.log.info(`database: ${database.kind} at ${database.location}`);
console.log(`\nKismat is running on http://${shownHost}:${config.PORT}  (database: ${database.kind}, ${database.location})`);
if (isDemo && (config.HOST === '127.0.0.1' || config.HOST === 'localhost' || config.HOST === '::1')) {
  console.log('Demo: listening on this machine only; set HOST=0.0.0.0 to open it to your network.');
}
if (isSandboxOn) {
  app.log.warn({ paymentSandbox: true }, 'SANDBOX payment gateway ON: members complete their own deposits with play money');
  console.log(
    '\n*** SANDBOX payment gateway ON (PAYMENT_SANDBOX): it mints play money, members complete their own deposits.\n*** A demo only; PAYMENT_SANDBOX=false turns it off, and a start without SEED_DEMO never has it.\n',
  );
}
if (seeded.sandboxChannelsDisabled > 0) {
  app.log.warn({ disabled: seeded.sandboxChannelsDisabled }, 'sandbox deposit channels of an earlier demo run disabled');
}
for (const warning of delivery.warnings) {
  app.log.warn(warning);
  console.warn(`WARNING: ${warning}`);
}
if (isDemo) {
  console.log(`Demo player: ${DEMO_ACCOUNTS.player.username} / ${DEMO_ACCOUNTS.player.password}`);
  console.log(
    `Demo agent:  ${DEMO_ACCOUNTS.agent.username} / ${DEMO_ACCOUNTS.agent.password}  (agent login at /agent, invitation code ${DEMO_ACCOUNTS.agent.affiliateCode})`,
  );
}
