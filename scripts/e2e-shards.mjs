// `npm run test:e2e` (after the build): the browser suite in E2E_SHARDS processes at once (default 2,
// the machine's two cores; 1 runs it as one process). Each shard is its own Vitest run with its own
// global setup, so its own server on its own fresh database, its own SMS gateway and browser: specs
// of two shards share nothing, as specs of one shard share their server. Much of a spec's time is
// waiting on the site's clocks (a lottery draw, crash rounds, countdowns, animations), which two
// shards overlap (CI's 25-minute budget).
//
// Files are dealt to the shards by their last measured seconds (longest first, each to the shard
// with the least so far), so the shards end together; a file not in the table counts 75 s. The
// shards' JSON reports are merged into e2e/reports/e2e.json for scripts/summarise-reports.mjs.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2e = path.join(root, 'e2e');

/**
 * Seconds per spec file in the clean-clone CI run of 2026-11-27 20:20 UTC (68c0ff3, 910 s in all, two
 * shards ending at 519 and 535 s). The run prints each file's seconds at its end in this form: copy
 * them here when the shards stop ending together.
 */
const SECONDS = {
  'accounts.e2e.ts': 155,
  'house-games.e2e.ts': 113,
  'responsible-gambling.e2e.ts': 76,
  'play-and-layout.e2e.ts': 70,
  'member-centre.e2e.ts': 56,
  'promotions.e2e.ts': 50,
  'games.e2e.ts': 49,
  'loyalty.e2e.ts': 47,
  'locale.e2e.ts': 44,
  'web-performance.e2e.ts': 33,
  'agent-journey.e2e.ts': 25,
  'crash.e2e.ts': 25,
  'inbox-messages.e2e.ts': 21,
  'wallet.e2e.ts': 20,
  'admin-catalogue.e2e.ts': 18,
  'originals.e2e.ts': 18,
  'agent.e2e.ts': 17,
  'security-headers.e2e.ts': 17,
  'admin.e2e.ts': 16,
  'cards.e2e.ts': 16,
  'payments-bkash.e2e.ts': 15,
  'inbox.e2e.ts': 14,
  'shell.e2e.ts': 14,
  'invitation-link.e2e.ts': 13,
  'teen-patti.e2e.ts': 12,
  'aggregators.e2e.ts': 11,
  'payments-nagad.e2e.ts': 9,
  'payments-mpesa.e2e.ts': 8,
  'live-chat.e2e.ts': 7,
  'admin-content.e2e.ts': 5,
  'admin-members.e2e.ts': 1,
  'admin-reports.e2e.ts': 1,
};

const shardCount = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const files = readdirSync(path.join(e2e, 'specs'))
  .filter((name) => name.endsWith('.e2e.ts'))
  .sort((a, b) => (SECONDS[b] ?? 75) - (SECONDS[a] ?? 75) || a.localeCompare(b));
const shards = Array.from({ length: shardCount }, () => ({ files: [], seconds: 0 }));
for (const file of files) {
  const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
  lightest.files.push(`specs/${file}`);
  lightest.seconds += SECONDS[file] ?? 75;
}

const reports = path.join(e2e, 'reports');
mkdirSync(reports, { recursive: true });
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

function runShard(shard, index) {
  const label = shardCount > 1 ? `[e2e ${index + 1}/${shardCount}] ` : '';
  const report = `reports/e2e-shard-${index + 1}.json`;
  const args = [vitest, 'run', '--config', 'vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  console.log(`${label}${shard.files.length} files, ~${shard.seconds} s: ${shard.files.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...args, ...shard.files], { cwd: e2e, env: process.env });
    // Whole lines, each with its shard's label, so two shards never cut into each other's lines.
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${label}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${label}${rest}\n`));
    }
    const started = Date.now();
    child.on('close', (code) => {
      console.log(`${label}finished in ${Math.round((Date.now() - started) / 1000)} s (exit ${code})`);
      resolve({ code: code ?? 1, report: path.join(e2e, report) });
    });
  });
}

rmSync(path.join(reports, 'e2e.json'), { force: true });
const results = await Promise.all(shards.filter((shard) => shard.files.length > 0).map(runShard));

// One report as one run writes it: the counts added up, every file's results kept.
const merged = { numTotalTests: 0, numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };
let missing = 0;
for (const { report } of results) {
  let json;
  try {
    json = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    console.log(`${path.relative(root, report)}: missing (that shard did not finish)`);
    missing += 1;
    continue;
  }
  for (const key of ['numTotalTests', 'numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests']) merged[key] += json[key] ?? 0;
  merged.testResults.push(...(json.testResults ?? []));
}
merged.success = merged.numFailedTests === 0 && missing === 0;
// Each file's seconds in this run, in the SECONDS table's form, so the table can be brought up to
// date from a CI log (the shards end together only while it matches what the files take).
const measured = merged.testResults
  .map((file) => [path.basename(file.name), Math.round(((file.endTime ?? file.startTime) - file.startTime) / 1000)])
  .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
if (measured.length > 0) {
  console.log(`seconds per file in this run (SECONDS in ${path.relative(root, fileURLToPath(import.meta.url))}):`);
  for (const [file, seconds] of measured) console.log(`  '${file}': ${seconds},`);
}
if (missing === 0) writeFileSync(path.join(reports, 'e2e.json'), JSON.stringify(merged));
const failedShard = results.find((result) => result.code !== 0);
process.exit(failedShard ? failedShard.code : missing > 0 ? 1 : 0);
