import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`stryker.config.mjs`, `pnpm test:mutation`): the fast, in-process
// tests of the files it mutates. No devnet (anvil), no SQLite store; the gateway tests here run on the scripted
// harness (src/gateway/testing/gatewayHarness.ts).
export default defineConfig({
  test: {
    include: [
      'src/gateway/decideHold.test.ts',
      'src/gateway/decideApprovedRun.test.ts',
      'src/gateway/ExecutionGateway.test.ts',
      'src/gateway/ExecutionGateway.confirm.test.ts',
      'src/gateway/checkPolicy.test.ts',
      'src/gateway/actions/*.test.ts',
      'src/approvals/decodeApprovalCalldata.test.ts',
      'src/gateway/checkAcquiredTokens.test.ts',
      'src/gateway/worstCaseFeeWei.test.ts',
      'src/gateway/steps/steps.test.ts',
      'src/gateway/steps/priceInNative.rules.test.ts',
    ],
    testTimeout: 60_000,
  },
});
