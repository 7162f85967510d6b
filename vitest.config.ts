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
        },
      },
      {
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
