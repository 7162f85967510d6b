import type { Db } from '../../platform/db';

/** Idempotent: running it twice changes nothing. `demo` adds demo members and activity. */
export async function seedDatabase(_db: Db, _options: { demo: boolean }): Promise<void> {}
