import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Fails the run when any test server wrote a configured secret to a log line or an answer.
    globalSetup: ['test/helpers/secretScan.global.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
