// `npm start`: builds the server (JavaScript, apps/server/scripts/build.mjs), the web site and the
// back office (apps/admin) when missing or older than their sources, then runs the compiled server
// with plain node (it serves both sites and the API on one port, on the embedded database unless
// DATABASE_URL is set). Quick when nothing changed: only file times are compared.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILDS = [
  {
    name: 'server',
    workspace: '@kismat/server',
    dist: 'apps/server/dist/server/main.js',
    sources: ['apps/server/src', 'apps/server/scripts', 'packages/contracts/src', 'packages/game-math/src'],
  },
  {
    name: 'web site',
    workspace: '@kismat/web',
    dist: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contracts/src'],
  },
  {
    name: 'back office',
    workspace: '@kismat/admin',
    dist: 'apps/admin/dist/index.html',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'packages/contracts/src'],
  },
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

for (const build of BUILDS) {
  const dist = path.join(root, build.dist);
  const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  const sourcesAt = Math.max(...build.sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt >= sourcesAt) continue;
  console.log(builtAt ? `${build.name} sources changed: rebuilding...` : `Building the ${build.name} (first run)...`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { NODE_ENV: 'production', SEED_DEMO: 'true', ...process.env };
// Only SEED_DEMO makes a demo (apps/server/src/config.ts); NODE_ENV does not.
const isDemo = ['1', 'true'].includes(String(env.SEED_DEMO).toLowerCase());
if (isDemo) {
  // The demo listens on 127.0.0.1 unless HOST says otherwise (published passwords, a sandbox
  // gateway that mints play money; the server says so). Demo operators: modules/operator/seed-demo-operators.ts.
  const host = !env.HOST ? '127.0.0.1' : env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  console.log(
    `Back office: http://${host}:${env.PORT ?? 3000}/admin/  demofinance / Demo@2025 (finance), demosupport / Demo@2025 (support)`,
  );
}
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server/main.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
