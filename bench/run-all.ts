/**
 * `npm run bench`: every bench in turn at a short setting (a few minutes in all), each as its own
 * process, then one table of their headline figures: throughput, p50/p99, the ratio to pgbench
 * run in the same bench on the same server, the target, and whether the bench passed its own
 * checks (ledger verify, cutoff, ...). The full output of each is kept in reports/bench/<name>.txt.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench [-- name ...]
 *
 * Not a test: figures depend on the machine and on what else runs on it (bench/README.md).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface BenchRow {
  name: string;
  args: string[];
  /** What the issue asks of its headline figure. */
  target: string;
  /** Where its headline figure is, when not the first "<unit>/s <number>" of its output. */
  headline?: RegExp;
}

const BENCHES: readonly BenchRow[] = [
  { name: 'slots', args: ['10', '16', '200'], target: '>= 0.5x pgbench, p99 < 50 ms' },
  { name: 'vendor-wallet', args: ['10', '16', '200'], target: '>= 0.5x pgbench, p99 < 50 ms' },
  { name: 'lottery-rush', args: ['10', '16', '200'], target: '>= 0.5x pgbench, none after the cutoff' },
  { name: 'wallet', args: ['10', '16', '64'], target: 'ledger verifies' },
  { name: 'catalogue', args: ['5', '20', 'list'], target: 'game list >= 0.5x hello-world' },
  { name: 'lottery-settlement', args: ['--tickets', '200000'], target: '1M tickets < 10 s', headline: /settlement: .* in ([\d.]+ s)/ },
  { name: 'points-vip', args: ['20000', '200'], target: 'facts/s well above the settle rate', headline: /= (\d+ facts\/s)/ },
  // Generates the 100,000-member / 2-million-round team first (about 90 s); its full read table is in reports/bench.
  {
    name: 'agent-reads',
    args: ['--calls', '10'],
    target: 'every agent read p95 < 200 ms at 10 concurrent',
    headline: /(settlement read .* ms)/,
  },
  { name: 'settlement', args: ['--contracts', '10000'], target: '10,000 contracts < 5 s', headline: /settlement: .* in ([\d.]+ s)/ },
  {
    name: 'ledger-verify',
    args: ['--entries', '7600000'],
    target: 'ledger:verify at 7.6M entries < 30 s',
    headline: /entries: ([\d.]+ s)/,
  },
  { name: 'originals-rtp', args: ['10000000'], target: 'each RTP inside its 99% interval', headline: /(rounds\/s \d+)/ },
  { name: 'mission-leaderboard', args: ['--scores', '100000', '--repeat', '20'], target: 'reads < 10 ms', headline: /(p99 [\d.]+ ms)/ },
  {
    name: 'cluster',
    args: ['10', '16', '32'],
    target: '3 nodes behind HAProxy hold (not faster on 2 cores); ledger verifies',
    headline: /3 nodes vendor rounds \(bet \+ win\)\s+([\d.]+\/s)/,
  },
];

const root = fileURLToPath(new URL('..', import.meta.url));
const wanted = process.argv.slice(2);
const chosen = wanted.length ? BENCHES.filter((bench) => wanted.includes(bench.name)) : BENCHES;
if (!process.env.DATABASE_URL) {
  console.error('npm run bench: set DATABASE_URL to a Postgres server (the benches compare with pgbench on it).');
  process.exit(2);
}
mkdirSync(`${root}/reports/bench`, { recursive: true });

const first = (text: string, pattern: RegExp): string => pattern.exec(text)?.[1] ?? '-';
const rows: string[][] = [];
let failed = 0;
for (const bench of chosen) {
  const started = Date.now();
  console.error(`== ${bench.name} ${bench.args.join(' ')}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${bench.name}/run.ts`, ...bench.args], {
    cwd: root,
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60_000,
  });
  const output = `${run.stdout ?? ''}\n${run.stderr ?? ''}`;
  writeFileSync(`${root}/reports/bench/${bench.name}.txt`, output);
  const ok = run.status === 0;
  if (!ok) failed += 1;
  const throughput = /([a-z]+\/s) ([\d.]+)/i.exec(run.stdout ?? '');
  const headline = bench.headline ? first(run.stdout ?? '', bench.headline) : throughput ? `${throughput[2]} ${throughput[1]}` : '-';
  rows.push([
    bench.name,
    headline,
    first(run.stdout ?? '', /p50 ([\d.]+ ms)/),
    first(run.stdout ?? '', /p99 ([\d.]+ ms)/),
    first(run.stdout ?? '', /ratio [^=]*= ([\d.]+)/),
    bench.target,
    ok ? 'ok' : `FAILED (exit ${run.status ?? run.signal})`,
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
  ]);
}

const header = ['bench', 'headline', 'p50', 'p99', 'vs pgbench', 'target', 'checks', 'took'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(`\nbench run ${new Date().toISOString()} (full output in reports/bench/)`);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
process.exitCode = failed ? 1 : 0;
