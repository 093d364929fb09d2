// Mutation testing of the execution gateway's decisions and checks: `pnpm test:mutation chain-evm` at the root
// (scripts/mutation.mjs; see CONTRIBUTING.md). To cover a new file (a new action module, a gateway step's pure rule,
// a pricing rule), add it to `mutate` and its fast test to vitest.mutation.config.ts.
import { defineMutationConfig } from '../../scripts/stryker/defineMutationConfig.mjs';

export default defineMutationConfig({
  name: 'chain-evm',
  mutate: [
    // The confirmation rules.
    'src/gateway/decideHold.ts',
    'src/gateway/decideApprovedRun.ts',
    // An action's prerequisite approval (exactly what it spends), and the one kill-switch exemption besides the cancel.
    'src/gateway/checkPrerequisiteApproval.ts',
    'src/gateway/isOwnApprovalReset.ts',
    // Step 1: may this intent be signed? The common checks, then each action module's calldata decoder and rules.
    'src/gateway/checkPolicy.ts',
    'src/gateway/actions/*.ts',
    '!src/gateway/actions/*.test.ts',
    'src/approvals/decodeApprovalCalldata.ts',
    // Step 3: may the wallet acquire these tokens?
    'src/gateway/checkAcquiredTokens.ts',
    // A buy of a taxed token: only through a fee-on-transfer route, with its minimum output net of the tax.
    'src/gateway/checkTaxedBuyRoute.ts',
    // The effects of the exact transaction: the wallet's deltas from the simulated transfers, judged against the
    // intent (shortfall, undeclared spend, overspend), and a swap's output valued against its charge.
    'src/gateway/effects/parseTransferLog.ts',
    'src/gateway/effects/walletDeltas.ts',
    'src/gateway/effects/judgeEffects.ts',
    'src/gateway/effects/judgeValueLoss.ts',
    'src/gateway/effects/taxAllowanceBps.ts',
    // Gas charged to the governor, and replacement fees.
    'src/gateway/worstCaseFeeWei.ts',
    'src/gateway/steps/bumpFees.ts',
    // What the governor holds for a record's fees (every replacement must fit in it).
    'src/gateway/pipeline/feeBudgetOf.ts',
    // The pricing rules: depth within the band against the liquidity floor, the TWAP deviation, V3 virtual reserves,
    // the defaults, and a pool's verdict as a price source. (priceInNative itself only reads pools and picks the
    // highest usable route: its devnet test covers it.)
    'src/pricing/resolvePricingRules.ts',
    'src/pricing/depthWithinBand.ts',
    'src/pricing/twapDeviationBps.ts',
    'src/pricing/v3VirtualReserves.ts',
    'src/pricing/judgePriceSource.ts',
    // V3 depth is what a sale across the band pays (G1): the band's price limit, the quote's answer, the verdict on
    // it, and a route hop's depth (price sources only).
    'src/pricing/bandSqrtPriceLimit.ts',
    'src/pricing/decodeBandQuote.ts',
    'src/pricing/applyBandDepth.ts',
    'src/pricing/hopDepthWei.ts',
    // A bridge: what its calldata proves about delivery (or it is refused), and the value it may lose.
    'src/bridge/bridgeDeliveryBound.ts',
    'src/bridge/checkBridgeValueLoss.ts',
  ],
  // The score reached (message-only mutants ignored), rounded down: CI fails if it drops. Raise it, never lower it.
  // 97 since the bridge and deposit action modules joined the set (17 and 5 survivors left in them, 97.32% overall);
  // killing those brings it back to 98.
  breakAt: 97,
});
