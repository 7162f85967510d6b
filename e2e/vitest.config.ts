import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // 120 s: CI runs on the submitting session's VM, which has been ~3x slower than usual (stop 34:
    // journeys of 11-20 s on a quiet machine took 45-58 s there, and one went over a 60 s default).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser at a time on two cores; specs share the one server the setup started.
    fileParallelism: false,
    // One retry for a test that fails once: the suite shares one long-running server, and a few
    // journeys (a withdrawal right after a first deposit, the inbox badge after a live push) have
    // failed once in a full run yet pass alone and in pairs; a test that fails twice fails the run.
    retry: 1,
  },
});
