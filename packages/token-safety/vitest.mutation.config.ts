import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`stryker.config.mjs`, `pnpm test:mutation`): the fast, pure tests of
// the files it mutates. No HTTP provider servers, no clock waits.
export default defineConfig({
  test: {
    include: [
      'src/computeSafetyScore.test.ts',
      'src/mergeEvidence.test.ts',
      'src/internal/sanitizeEvidenceFields.test.ts',
      'src/buildSecurityReport.test.ts',
    ],
    setupFiles: ['vitest.mutation.setup.ts'],
    testTimeout: 60_000,
  },
});
