import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`stryker.config.mjs`, `pnpm test:mutation`): the fast, in-process
// tests of the schedule and the order state machine. Left out: the scheduler, service and SQLite store tests — they
// cover these files through timers and stores and cost seconds per mutant.
export default defineConfig({
  test: {
    include: ['src/schedule/*.test.ts', 'src/order/*.test.ts'],
    setupFiles: ['vitest.mutation.setup.ts'],
    testTimeout: 60_000,
  },
});
