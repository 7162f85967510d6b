import pg from 'pg';
import { type CrashHarness, envelopeOf, fireBurst, type HttpClient, type HttpRequest, type HttpResult } from './crash-harness';

/** A member's token from the real login route of the server under test. */
export async function loginOverHttp(client: HttpClient, username: string, password: string): Promise<string> {
  const response = await client.request({
    method: 'POST',
    path: '/wps/session/login',
    body: { type: 'username', username, password },
  });
  const token = envelopeOf<{ token?: string }>(response).value.token;
  if (response.status !== 200 || !token) throw new Error(`login ${username}: ${response.status} ${response.body}`);
  return token;
}

/**
 * Holds a ledger account row from another connection, sends `requests` (20 at once), waits
 * (bounded: 10 s) until one of them is waiting on a lock inside its transaction, then kills the
 * server with SIGKILL and lets the row go. Answers whether a call was seen waiting and what the
 * burst got from the dying server.
 */
export async function killWhileAccountHeld(
  harness: CrashHarness,
  accountId: number,
  requests: readonly HttpRequest[],
): Promise<{ isWaiting: boolean; firstLife: HttpResult[] }> {
  const blocker = new pg.Client({ connectionString: harness.databaseUrl });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [accountId]);
  const burst = fireBurst(harness.client, requests, { concurrency: 20 });
  let isWaiting = false;
  for (let attempt = 0; attempt < 100 && !isWaiting; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await blocker.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await blocker.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.datname = current_database() AND NOT l.granted`,
    );
    isWaiting = (rows[0]?.n ?? 0) > 0;
  }
  if (isWaiting) await harness.kill();
  const firstLife = isWaiting ? await burst : [];
  await blocker.query('ROLLBACK');
  await blocker.end();
  return { isWaiting, firstLife };
}
