import { isPaymentSandboxOn, loadConfig } from '../config';
import { openDatabase } from '../platform/db';
import { seedDatabase } from './seed';

// Like a start: the demo data and the sandbox gateway's channel only when SEED_DEMO asks for them.
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const seeded = await seedDatabase(database.db, { demo: config.SEED_DEMO, paymentSandbox: isPaymentSandboxOn(config) });
await database.close();
console.log(
  `seeded ${database.kind} at ${database.location}${config.SEED_DEMO ? ' with the demo data' : ' (no demo data: SEED_DEMO is off)'}${seeded.sandboxChannelsDisabled > 0 ? `; ${seeded.sandboxChannelsDisabled} sandbox channel(s) disabled` : ''}`,
);
