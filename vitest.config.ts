import { defineConfig } from 'vitest/config';

// Root-level checks only (the packages have their own configs, run through turbo).
export default defineConfig({
  test: { include: ['scripts/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
});
