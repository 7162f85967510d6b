import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: each server test file boots its own database; keep the load bounded.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share one module graph per worker (a fresh process per file spent ~75 % of the
          // project's time importing Fastify, Drizzle and the app again: 16 files 125 s -> 51 s, the
          // project 168 files in ~10 min at load 7). Each file still gets its own database and app
          // (test/test-database.ts), and every per-process cache is keyed by its database.
          isolate: false,
        },
      },
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // The game maths' proofs and short simulations are CPU-bound loops (the crash targets'
          // closed form walks 40,000 targets per edge): 5.8 s in a loaded CI run against vitest's
          // 5 s default. Their speed is not what they test; bench/ measures speed.
          testTimeout: 60_000,
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
