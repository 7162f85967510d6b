import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.KISMAT_API ?? 'http://localhost:3000';
const apiPrefixes = ['/wps', '/lgw', '/lotto', '/vendor-api', '/docs', '/healthz'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
});
