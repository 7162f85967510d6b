import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/platform/db';

/** CPU seconds (user + system) the app's Postgres backends have used so far, from /proc (Linux, same host). */
export async function backendCpuSeconds(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`SELECT pid FROM pg_stat_activity WHERE application_name = 'kismat' AND datname = current_database()`,
  )) as unknown as {
    rows: { pid: number }[];
  };
  let ticks = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // Not on this host, or the backend ended.
    }
  }
  return ticks / 100;
}
