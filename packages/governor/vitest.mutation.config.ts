import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`stryker.config.mjs`, `pnpm test:mutation`): the fast, in-process
// tests of the files it mutates. Left out: the multi-process SQLite tests (concurrency, the SQLite ledger's own
// contract run) and uuidv7 — they cover no mutated file and cost seconds per mutant.
export default defineConfig({
  test: {
    include: [
      'src/computeRemaining.test.ts',
      'src/createPolicy.test.ts',
      'src/estimateValue.test.ts',
      'src/evaluate.test.ts',
      'src/formatEther.test.ts',
      'src/Governor.test.ts',
      'src/governor.property.test.ts',
      'src/internal/parseDecimal.test.ts',
      'src/internal/resolveRequestValue.test.ts',
      'src/MemorySpendLedger.test.ts',
      'src/parseEther.test.ts',
      'src/windowStart.test.ts',
    ],
    setupFiles: ['vitest.mutation.setup.ts'],
    testTimeout: 60_000,
  },
});
