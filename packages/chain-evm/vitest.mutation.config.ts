import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`stryker.config.mjs`, `pnpm test:mutation`): the fast, in-process
// unit tests of the files it mutates. No devnet (anvil), no SQLite store; not the gateway's own tests either (each
// covers most of these files, and re-running them per mutant costs more than it kills).
export default defineConfig({
  test: {
    include: [
      'src/gateway/decideHold.test.ts',
      'src/gateway/checkPrerequisiteApproval.test.ts',
      'src/gateway/isOwnApprovalReset.test.ts',
      'src/gateway/decideApprovedRun.test.ts',
      'src/gateway/checkPolicy.test.ts',
      'src/gateway/actions/*.test.ts',
      'src/approvals/decodeApprovalCalldata.test.ts',
      'src/gateway/checkAcquiredTokens.test.ts',
      'src/gateway/checkTaxedBuyRoute.test.ts',
      'src/gateway/effects/parseTransferLog.test.ts',
      'src/gateway/effects/walletDeltas.test.ts',
      'src/gateway/effects/judgeEffects.test.ts',
      'src/gateway/effects/judgeValueLoss.test.ts',
      'src/gateway/effects/taxAllowanceBps.test.ts',
      'src/gateway/pipeline/feeBudgetOf.test.ts',
      'src/gateway/worstCaseFeeWei.test.ts',
      'src/gateway/steps/steps.test.ts',
      'src/pricing/resolvePricingRules.test.ts',
      'src/pricing/depthWithinBand.test.ts',
      'src/pricing/twapDeviationBps.test.ts',
      'src/pricing/v3VirtualReserves.test.ts',
      'src/pricing/judgePriceSource.test.ts',
      'src/pricing/hopDepthWei.test.ts',
      'src/pricing/bandSqrtPriceLimit.test.ts',
      'src/pricing/decodeBandQuote.test.ts',
      'src/pricing/applyBandDepth.test.ts',
      'src/bridge/bridgeDeliveryBound.test.ts',
      'src/bridge/checkBridgeValueLoss.test.ts',
    ],
    setupFiles: ['vitest.mutation.setup.ts'],
    testTimeout: 60_000,
  },
});
