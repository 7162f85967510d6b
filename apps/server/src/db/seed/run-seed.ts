import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/db';
import { seedDatabase } from './seed';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await seedDatabase(database.db, { demo: true });
await database.close();
console.log(`seeded ${database.kind} at ${database.location}`);
