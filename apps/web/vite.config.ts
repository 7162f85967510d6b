import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.KISMAT_API ?? 'http://localhost:3000';
const apiPrefixes = ['/wps', '/lgw', '/lotto', '/vendor-api', '/docs', '/healthz'];

export default defineConfig({
  plugins: [react()],
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
