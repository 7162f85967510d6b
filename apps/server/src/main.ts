import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDatabase } from './db/seed/seed';
import { openDatabase } from './platform/db';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await seedDatabase(database.db, { demo: config.SEED_DEMO || config.NODE_ENV !== 'production' });

const app = await buildApp({ config, database });

closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing: draining requests');
  app.isClosing = true;
  await app.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
app.log.info(`database: ${database.kind} at ${database.location}`);
console.log(`\nKismat is running on http://${shownHost}:${config.PORT}  (database: ${database.kind}, ${database.location})`);
