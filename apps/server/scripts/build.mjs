// `npm run build -w @kismat/server`: the server compiled to JavaScript (esbuild), run with plain
// `node dist/server/main.js` in production (no tsx, no TypeScript at run time).
//
// Workspace packages (@kismat/contracts, @kismat/game-math export TypeScript sources) are bundled
// in; every other package stays external and is loaded from node_modules as installed by `npm ci`.
// The bundle sits two levels under apps/server (dist/server/) like the sources (src/platform/),
// so the paths the code takes from import.meta.url hold: ../db/migrations (copied next to it),
// ../../../web/dist and ../../../admin/dist; the demo vendor's page is copied to dist/server/client.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(serverRoot, 'dist');
const outdir = path.join(dist, 'server');

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    // Bare imports other than our workspace packages stay imports of node_modules.
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@kismat/')) return undefined;
      return { path: args.path, external: true };
    });
    // The e2e settlement clock lives in src/test/ and is never part of a deployment.
    builder.onResolve({ filter: /\/test\// }, (args) => ({ path: args.path, external: true }));
  },
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const started = Date.now();
await build({
  absWorkingDir: serverRoot,
  entryPoints: { main: 'src/main.ts', 'ledger-verify': 'src/ledger-verify.ts', seed: 'src/seed/run-seed.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Some bundled CommonJS helpers call require(): give the ES module bundle one.
  banner: { js: "import { createRequire as __kismatRequire } from 'node:module'; const require = __kismatRequire(import.meta.url);" },
});
cpSync(path.join(serverRoot, 'src/db/migrations'), path.join(dist, 'db/migrations'), { recursive: true });
cpSync(path.join(serverRoot, 'src/modules/demo-vendor/client'), path.join(outdir, 'client'), { recursive: true });
console.log(`server built to ${path.relative(process.cwd(), outdir)} in ${Date.now() - started} ms`);
