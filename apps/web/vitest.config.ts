import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A component test's first render pays for jsdom and the module graph: seconds on a loaded
    // two-core machine, where vitest's 5 s default failed tests that pass alone.
    testTimeout: 20_000,
    // One module graph and jsdom per worker instead of a fresh process per file: 105 files in ~35 s
    // instead of ~180 s (CI's 25-minute budget). src/test/setup.ts resets what a file could leave
    // behind (stores, language, storage, stubs, timers) so each test still starts as the site does.
    isolate: false,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
