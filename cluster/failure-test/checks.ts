/**
 * The cluster failure test's checks (run.ts), each answering PASS/FAIL with its figures.
 */
import { randomUUID } from 'node:crypto';
import { SESSION_PATHS } from '@kismat/contracts/session';
import { VENDOR_HEADERS } from '@kismat/contracts/vendor-wallet';
import { sql } from 'drizzle-orm';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import type { Db } from '../../apps/server/src/platform/db';
import { rowsOf } from '../../apps/server/src/platform/sql-values';
import { HttpClient, type HttpRequest } from '../../apps/server/src/test/crash-harness';
import { type LoadMember, type LoadRecord, type Operation, outcomeOf } from './plan';

export interface Check {
  name: string;
  ok: boolean;
  figures: string;
}

/** The ledger transfer an operation answered OK must have made (null: it moves no money itself). */
function ledgerKeyOf(operation: Operation, vendor: string): string | null {
  switch (operation.kind) {
    case 'spin':
      return operation.ref ? `slot:${operation.ref}:bet` : null;
    case 'vendor-bet':
    case 'vendor-win':
      return `vendor:${vendor}:${operation.key}`;
    case 'lottery':
      return `lottery:slip:${operation.memberId}:${operation.key}`;
    case 'deposit-pay':
      return `deposit:${operation.key.replace('pay-', '')}`;
    default:
      return null;
  }
}

async function transferCounts(db: Db, merchantId: number, keys: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let at = 0; at < keys.length; at += 1000) {
    const chunk = keys.slice(at, at + 1000);
    const rows = rowsOf<{ key: string; count: string }>(
      await db.execute(
        sql`select idempotency_key as key, count(*)::text as count from ledger_transfers where merchant_id = ${merchantId} and idempotency_key = any(${sql.raw(`ARRAY[${chunk.map((key) => `'${key.replaceAll("'", "''")}'`).join(',')}]::text[]`)}) group by 1`,
      ),
    );
    for (const row of rows) counts.set(row.key, Number(row.count));
  }
  return counts;
}

/** Every operation answered OK is in the ledger exactly once; no refused one is; none was left undecided. */
export async function checkExactlyOnce(db: Db, merchantId: number, vendor: string, record: LoadRecord): Promise<Check[]> {
  const byKind = new Map<string, { ok: number; refused: Map<string, number>; retried: number; undecided: number }>();
  for (const operation of record.operations) {
    const figures = byKind.get(operation.kind) ?? { ok: 0, refused: new Map(), retried: 0, undecided: 0 };
    if (operation.outcome === 'OK') figures.ok++;
    else if (operation.outcome === 'RETRY') figures.undecided++;
    else figures.refused.set(operation.outcome, (figures.refused.get(operation.outcome) ?? 0) + 1);
    if (operation.attempts > 1) figures.retried++;
    byKind.set(operation.kind, figures);
  }
  const summary = [...byKind]
    .map(
      ([kind, f]) =>
        `${kind} ${f.ok} ok${f.refused.size ? ` ${JSON.stringify(Object.fromEntries(f.refused))}` : ''}, ${f.retried} retried${f.undecided ? `, ${f.undecided} UNDECIDED` : ''}`,
    )
    .join('; ');
  const undecided = record.operations.filter((operation) => operation.outcome === 'RETRY').length;

  const answeredOk = record.operations.filter((operation) => operation.outcome === 'OK' && ledgerKeyOf(operation, vendor));
  const refused = record.operations.filter(
    (operation) =>
      operation.outcome !== 'OK' && operation.outcome !== 'RETRY' && operation.kind !== 'deposit-pay' && ledgerKeyOf(operation, vendor),
  );
  const counts = await transferCounts(
    db,
    merchantId,
    [...answeredOk, ...refused].map((operation) => ledgerKeyOf(operation, vendor) as string),
  );
  const missing = answeredOk.filter((operation) => counts.get(ledgerKeyOf(operation, vendor) as string) !== 1);
  const applied = refused.filter((operation) => (counts.get(ledgerKeyOf(operation, vendor) as string) ?? 0) > 0);
  return [
    { name: 'operations through HAProxy', ok: undecided === 0, figures: summary },
    {
      name: 'answered success is in the ledger exactly once',
      ok: missing.length === 0 && answeredOk.length > 0,
      figures: `${answeredOk.length} money operations answered OK, ${missing.length} not exactly once${missing.length ? ` e.g. ${JSON.stringify(missing.slice(0, 3).map((operation) => [operation.kind, ledgerKeyOf(operation, vendor)]))}` : ''}`,
    },
    {
      name: 'refused requests moved no money',
      ok: applied.length === 0,
      figures: `${refused.length} refused, ${applied.length} of them in the ledger`,
    },
  ];
}

/** Sends answered-OK requests again with their keys: the same answer, nothing moves. */
export async function checkReplays(
  db: Db,
  merchantId: number,
  address: string,
  vendor: { code: string; apiSecret: string },
  record: LoadRecord,
  members: LoadMember[],
): Promise<Check> {
  const vendorSecret = vendor.apiSecret;
  const client = new HttpClient(address, { maxSockets: 8 });
  const tokens = new Map<number, string>();
  const tokenOf = async (memberId: number) => {
    const known = tokens.get(memberId);
    if (known) return known;
    const member = members.find((candidate) => candidate.memberId === memberId) as LoadMember;
    // The load logged each member in many times from its one address, so the login route's per-IP
    // limit may still be spent: wait for the window to pass (bounded) rather than replay with no token.
    let token = '';
    for (let attempt = 0; attempt < 8 && !token; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 10_000));
      const login = await client.request({
        method: 'POST',
        path: SESSION_PATHS.login,
        body: { type: 'username', username: member.username, password: member.password },
        headers: { 'x-forwarded-for': member.ip },
      });
      token = (login.json as { value?: { token?: string } } | undefined)?.value?.token ?? '';
    }
    tokens.set(memberId, token);
    return token;
  };
  const sample: Operation[] = [];
  for (const kind of ['spin', 'vendor-bet', 'vendor-win', 'lottery', 'deposit'] as const) {
    // Retried ones first: they are the replays that matter most.
    const ok = record.operations.filter((operation) => operation.kind === kind && operation.outcome === 'OK');
    sample.push(
      ...[...ok.filter((operation) => operation.attempts > 1), ...ok.filter((operation) => operation.attempts === 1)].slice(0, 8),
    );
  }
  let replayed = 0;
  const wrong: string[] = [];
  for (const operation of sample) {
    const request: HttpRequest = { ...operation.request };
    if (request.token) request.token = await tokenOf(operation.memberId);
    if (request.rawBody) {
      // A vendor signs each call afresh (new requestUuid and timestamp); the transaction is the same.
      const rawBody = JSON.stringify({ ...(JSON.parse(request.rawBody) as Record<string, unknown>), requestUuid: randomUUID() });
      const timestamp = String(Date.now());
      request.rawBody = rawBody;
      request.headers = {
        ...request.headers,
        [VENDOR_HEADERS.timestamp]: timestamp,
        [VENDOR_HEADERS.signature]: signVendorPayload(vendorSecret, timestamp, rawBody),
      };
    }
    const result = await client.request(request);
    const isReplay = (result.json as { value?: { isReplay?: boolean } } | undefined)?.value?.isReplay;
    if (outcomeOf(result) === 'OK' && isReplay !== false) replayed++;
    else wrong.push(`${operation.kind}: ${result.status} ${result.body.slice(0, 120)}`);
  }
  client.close();
  // Each replayed money call still has exactly its one transfer (scheduled jobs and lottery draws
  // add others to the ledger meanwhile: only these keys are counted).
  const keys = sample.map((operation) => ledgerKeyOf(operation, vendor.code)).filter((key): key is string => key !== null);
  const counts = await transferCounts(db, merchantId, keys);
  const doubled = keys.filter((key) => counts.get(key) !== 1);
  return {
    name: 'same idempotency keys replay',
    ok: wrong.length === 0 && doubled.length === 0 && sample.length > 0,
    figures: `${replayed} of ${sample.length} replayed (${sample.filter((operation) => operation.attempts > 1).length} of them retried during the failures); their ${keys.length} transfers each still once: ${doubled.length === 0 ? 'yes' : `no, ${doubled.length} not`}${wrong.length ? `; wrong: ${wrong.slice(0, 3).join(' | ')}` : ''}`,
  };
}

/**
 * Every member's socket came back through the balancer, and its last push carries the balance the
 * member's last vendor win answered after the failures (lottery payouts push nothing, so the live
 * ledger balance may have moved on since).
 */
export function checkSockets(record: LoadRecord): Check {
  const reconnects = record.sockets.reduce((sum, socket) => sum + Math.max(0, socket.opens - 1), 0);
  const pushes = record.sockets.reduce((sum, socket) => sum + socket.pushes, 0);
  const stale = record.sockets.filter((socket) => socket.finalBalance === null || socket.lastBalance !== socket.finalBalance);
  return {
    name: 'ws clients reconnect and resync',
    ok: stale.length === 0 && reconnects > 0 && record.sockets.every((socket) => socket.opens > 0),
    figures: `${record.sockets.length} sockets, ${reconnects} reconnects through HAProxy, ${pushes} balance pushes; ${stale.length} end on a balance other than the last one answered${stale.length ? ` e.g. ${JSON.stringify(stale.slice(0, 2).map((socket) => [socket.lastBalance, socket.finalBalance]))}` : ''}`,
  };
}

/** Each scheduled job ran at most once per period (job_runs), on whichever node claimed it. */
export async function checkJobs(db: Db, since: Date): Promise<Check> {
  const rows = rowsOf<{ job: string; periods: string; runs: string; nodes: string; unfinished: string }>(
    await db.execute(sql`
      select job, count(distinct period)::text as periods, count(*)::text as runs, count(distinct node)::text as nodes,
             count(*) filter (where finished_at is null)::text as unfinished
        from job_runs where started_at >= ${since.toISOString()}::timestamptz group by job order by job`),
  );
  const doubled = rows.filter((row) => row.periods !== row.runs);
  const runs = rows.reduce((sum, row) => sum + Number(row.runs), 0);
  const nodes = rowsOf<{ nodes: string }>(
    await db.execute(sql`select count(distinct node)::text as nodes from job_runs where started_at >= ${since.toISOString()}::timestamptz`),
  )[0]?.nodes;
  const unfinished = rows.reduce((sum, row) => sum + Number(row.unfinished), 0);
  return {
    name: 'each job once per period',
    ok: doubled.length === 0 && runs > 0,
    figures: `${rows.length} jobs, ${runs} runs over ${nodes} node processes, ${doubled.length} periods run twice, ${unfinished} claims left unfinished (the killed node's)`,
  };
}
