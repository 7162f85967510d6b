import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.KISMAT_API ?? 'http://localhost:3000';
const apiPrefixes = ['/wps', '/lgw', '/lotto', '/vendor-api', '/docs', '/healthz'];

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build (the server's static
 * serving answers them with Content-Encoding; apps/server/src/platform/web-static.ts), so no
 * request pays for compression and brotli can run at its best level. A variant that is not
 * smaller than the original is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kismat-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < 512) continue;
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Zod without eval, set before any module parses (src/lib/zod-without-eval.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)) },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // What the first screen needs arrives in two files, not twenty: every module the entry
        // imports statically ($initial) goes to `libs` (node_modules, changes rarely, stays
        // cached across releases) or the entry (the app's own). Each small file cost a request
        // and ~1.2 KB of response headers (CSP included) on a phone's HTTP/1.1 connection.
        // Lazily loaded screens keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'libs', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
        // Lazy message namespaces get their folder as a prefix, so accounts-bn never passes for
        // the shell's bn chunk (the initial-JS budget counts the latter).
        chunkFileNames: (chunk) => {
          const namespace = /\/locales\/([\w-]+)\/[\w-]+\.json$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return namespace ? `assets/${namespace}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
});
