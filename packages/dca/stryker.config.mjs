// Mutation testing of the DCA schedule and order state machine: `pnpm test:mutation dca` at the root
// (scripts/mutation.mjs; see CONTRIBUTING.md). To cover a new file, add it to `mutate` and its fast test to
// vitest.mutation.config.ts.
import { defineMutationConfig } from '../../scripts/stryker/defineMutationConfig.mjs';

export default defineMutationConfig({
  name: 'dca',
  mutate: [
    // The schedule: interval parsing, slot times, the slots due at a moment, the next slot after one.
    'src/schedule/*.ts',
    '!src/schedule/*.test.ts',
    // The order state machine: transitions, a fill's outcome, limits, the amount of a fill, price and block rules.
    'src/order/transitionOrder.ts',
    'src/order/applyFillOutcome.ts',
    'src/order/advanceSchedule.ts',
    'src/order/blockEffects.ts',
    'src/order/fillAmount.ts',
    'src/order/limitReached.ts',
    'src/order/checkPrice.ts',
    // Whether an open fill may still send (its order active, its slot within the grace its catch-up allows).
    'src/order/fillStopReason.ts',
  ],
  // The score reached (message-only mutants ignored), rounded down: CI fails if it drops. Raise it, never lower it.
  breakAt: 96,
});
