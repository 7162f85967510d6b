import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.KISMAT_API ?? 'http://localhost:3000';

// The back office is its own bundle under /admin/: members never download a byte of it.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: { port: 5174, proxy: { '/admin-api': { target: apiTarget, changeOrigin: true } } },
});
