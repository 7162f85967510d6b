// `node scripts/workspaces.mjs <script> [workspace ...]`: runs one npm script in several workspaces,
// two at a time (the machine's two cores; CI's 25-minute budget), instead of npm's one after another.
// Without workspace names it runs in every workspace that has the script. Each workspace's output is
// printed whole when it finishes, so two runs never interleave their lines; the exit code is the first
// failure's (0 when all passed), and every workspace runs even after one fails, as `npm run --workspaces`
// reports every failure too.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [script, ...named] = process.argv.slice(2);
if (!script) {
  console.error('usage: node scripts/workspaces.mjs <script> [workspace ...]');
  process.exit(2);
}

/** The root package's workspaces ({ name, folder, scripts }), in the order package.json lists their patterns. */
function workspaces() {
  const { workspaces: patterns } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const folders = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(root, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
  return folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    return { name: manifest.name, folder, scripts: manifest.scripts ?? {} };
  });
}

const all = workspaces();
const chosen = named.length
  ? named.map((name) => {
      const found = all.find((workspace) => workspace.name === name || workspace.folder === name);
      if (!found) {
        console.error(`no workspace ${name}`);
        process.exit(2);
      }
      return found;
    })
  : all.filter((workspace) => script in workspace.scripts);

const concurrency = Math.max(1, Math.min(Number(process.env.WORKSPACE_CONCURRENCY) || 2, os.availableParallelism()));

function run(workspace) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, '-w', workspace.name], { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`== ${script} ${workspace.name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...chosen];
let status = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const code = await run(next);
      if (code !== 0 && status === 0) status = code;
    }
  }),
);
process.exit(status);
