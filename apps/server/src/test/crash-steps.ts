import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { merchants } from '../db/schema/merchants';
import { resolvePlayAccounts } from '../modules/house-games/resolve-play-accounts';
import { DEFAULT_MERCHANT_CODE } from '../modules/system/index';
import { getMemberBalances } from '../modules/wallet/get-member-balances';
import type { Db } from '../platform/db';
import {
  type CrashHarness,
  type CrashHarnessOptions,
  createCrashHarness,
  envelopeOf,
  fireBurst,
  type HttpClient,
  type HttpRequest,
  type HttpResult,
} from './crash-harness';
import { createMember } from './factories';
import { fundMember } from './house-games-test-kit';

/** The crash suites run on a real Postgres (DATABASE_URL): PGlite is one process, and a SIGKILL of it tests the WASM file system. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * The crash suites' frame: on Postgres, before all a fresh crash harness (with `options`) handed
 * to `assign` (the suite keeps it as its own variable); after all, closed.
 */
export function useCrashHarness(assign: (harness: CrashHarness) => void, options: CrashHarnessOptions = {}): void {
  let created: CrashHarness | undefined;
  beforeAll(async () => {
    if (!onPostgres) return;
    created = await createCrashHarness(options);
    assign(created);
  }, 120_000);
  afterAll(async () => {
    await created?.close();
  });
}

/** The seeded default merchant of the harness's database (the one the server answers on). */
export async function defaultMerchant(db: Db) {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, DEFAULT_MERCHANT_CODE));
  if (!merchant) throw new Error('no default merchant');
  return merchant;
}

/** A new member of `merchant` whose cash holds `funds`: the member, its password and its play accounts. */
export async function fundedPlayer(db: Db, merchant: Awaited<ReturnType<typeof defaultMerchant>>, funds: bigint) {
  const { member, password } = await createMember(db, merchant.id);
  await fundMember(db, merchant, member.id, funds);
  return { member, password: password ?? '', accounts: await resolvePlayAccounts(db, merchant, member) };
}

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
 * A crash suite's first life for one player: a new member of the default merchant holding
 * `funds`, the server started, the member logged in over HTTP; `call` POSTs as that member,
 * `memberCash()` reads the member's cash from the database, and `restart()` starts the server again
 * (after a kill) and answers a fresh token from the login route.
 */
export async function startWithFundedPlayer(harness: CrashHarness, funds: bigint) {
  const { db } = harness.database;
  const merchant = await defaultMerchant(db);
  const player = await fundedPlayer(db, merchant, funds);
  await harness.start();
  const token = await loginOverHttp(harness.client, player.member.username, player.password);
  return {
    db,
    merchant,
    ...player,
    token,
    call: (path: string, body: unknown) => harness.client.request({ method: 'POST', path, token, body }),
    memberCash: async () => (await getMemberBalances(db, { merchantId: merchant.id, memberId: player.member.id })).cash,
    restart: async () => {
      await harness.start();
      return loginOverHttp(harness.client, player.member.username, player.password);
    },
  };
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
