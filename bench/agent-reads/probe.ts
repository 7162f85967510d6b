/**
 * What one agent read costs, statement by statement (issue 16 item 4): on a data set kept by
 * run.ts (`--db NAME`), logs the bench agent in and calls each path `--times` times one after
 * another, timing every SQL statement the app's pg clients send (pg.Client.prototype.query
 * wrapped) and printing, per path, the call's mean time and its statements with their mean ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/agent-reads/probe.ts --db NAME [--times 5] PATH...
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/platform/db';
import { rowsOf } from '../../apps/server/src/platform/sql-values';
import { TestClient, uniqueIp } from '../../apps/server/src/test/factories';
import { commandLine } from '../support/command-line';

const { args, option } = commandLine();
const name = option('--db');
const times = Number(option('--times') ?? 5);
const paths = args.filter((arg, index) => arg.startsWith('/') && !['--db', '--times'].includes(args[index - 1] ?? ''));
if (!process.env.DATABASE_URL || !name) {
  console.error('probe: set DATABASE_URL and --db NAME');
  process.exit(2);
}
const url = new URL(process.env.DATABASE_URL);
url.pathname = `/${name}`;
const database = openPostgres({ url: url.toString(), poolMax: 10, connectTimeoutMs: 5000, statementTimeoutMs: 60_000 });
const app = await buildApp({
  config: testConfig({ DATABASE_URL: url.toString(), DB_POOL_MAX: 10 }),
  database,
  serveWeb: false,
  logger: false,
});
try {
  const [found] = rowsOf<{ main_domain: string; username: string }>(
    await app.db.execute(sql`SELECT m.main_domain, a.username FROM members a JOIN merchants m ON m.id = a.merchant_id
      WHERE a.nickname = 'bench-agent' LIMIT 1`),
  );
  if (!found) throw new Error('no bench agent in this database');
  const client = new TestClient(app, found.main_domain);
  const token = await client.login(found.username, 'BenchAgent#2026', { ip: uniqueIp() });
  const statements = new Map<string, { ms: number; count: number }>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function timedQuery(this: pg.Client, ...input: unknown[]) {
    const first = input[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160);
    const started = performance.now();
    const done = () => {
      const entry = statements.get(text) ?? { ms: 0, count: 0 };
      entry.ms += performance.now() - started;
      entry.count += 1;
      statements.set(text, entry);
    };
    // pg.Pool#query passes a callback (no promise then); a client's own query returns one.
    const last = input.at(-1);
    if (typeof last === 'function') {
      input[input.length - 1] = (...answer: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...answer);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, input);
    if (result instanceof Promise) result.then(done, () => undefined);
    return result;
  } as typeof original;
  for (const path of paths) {
    statements.clear();
    let total = 0;
    for (let index = 0; index < times; index += 1) {
      const started = performance.now();
      const answer = await client.call('GET', path, { token });
      total += performance.now() - started;
      if (answer.statusCode !== 200) console.log(`  ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
    console.log(`\n${path}: ${(total / times).toFixed(1)} ms per call (${times} calls)`);
    for (const [text, entry] of [...statements].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(`  ${(entry.ms / entry.count).toFixed(1).padStart(7)} ms x${(entry.count / times).toFixed(1)}  ${text}`);
    }
  }
  pg.Client.prototype.query = original;
} finally {
  await app.close();
}
