// Mutation testing of token safety's verdict core: `pnpm test:mutation token-safety` at the root
// (scripts/mutation.mjs; see CONTRIBUTING.md). To cover a new file, add it to `mutate` and its fast test to
// vitest.mutation.config.ts.
import { defineMutationConfig } from '../../scripts/stryker/defineMutationConfig.mjs';

export default defineMutationConfig({
  name: 'token-safety',
  mutate: [
    'src/computeSafetyScore.ts',
    'src/mergeEvidence.ts',
    // What both trust: a source's value of the wrong type or out of range is never "known".
    'src/internal/sanitizeEvidenceFields.ts',
  ],
  // The score reached (message-only mutants ignored), rounded down: CI fails if it drops. Raise it, never lower it.
  breakAt: 97,
});
