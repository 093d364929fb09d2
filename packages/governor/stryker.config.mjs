// @ts-nocheck
// Mutation testing of the governor's money-critical pure core (`pnpm test:mutation` at the root).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  plugins: ['@stryker-mutator/vitest-runner'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts' },
  inPlace: true,
  coverageAnalysis: 'perTest',
  mutate: [
    'src/evaluate.ts',
    'src/computeRemaining.ts',
    'src/estimateValue.ts',
    'src/windowStart.ts',
    'src/parseEther.ts',
    'src/internal/parseDecimal.ts',
    'src/internal/resolveRequestValue.ts',
    'src/MemorySpendLedger.ts',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/governor.json' },
  thresholds: { high: 95, low: 85, break: 78 },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
};
