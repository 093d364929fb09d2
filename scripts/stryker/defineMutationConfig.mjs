// The Stryker configuration every package shares (`packages/<pkg>/stryker.config.mjs` calls this with its own list
// of files and its threshold). `pnpm test:mutation` (scripts/mutation.mjs) runs Stryker in a throwaway copy of the
// repository, never in the working tree.
import { fileURLToPath } from 'node:url';

/**
 * @param {object} options
 * @param {string} options.name Report name: `reports/mutation/<name>.json` (and `.html`).
 * @param {string[]} options.mutate The money-critical pure files to mutate (globs relative to the package).
 * @param {number} options.breakAt Score (in %, of the mutants not ignored as message-only) under which the run fails.
 * @param {string} [options.vitestConfig] The vitest config listing the fast tests that cover `mutate`.
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function defineMutationConfig({ name, mutate, breakAt, vitestConfig = 'vitest.mutation.config.ts' }) {
  // Stryker mutates the files in place: only ever inside the throwaway copy scripts/mutation.mjs makes.
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by scripts/mutation.mjs for Stryker, not a turbo input
  const sandbox = process.env.MUTATION_SANDBOX;
  if (!sandbox || !process.cwd().startsWith(sandbox)) {
    throw new Error(
      'Run mutation testing with `pnpm test:mutation` (scripts/mutation.mjs): Stryker mutates files in place, and an ' +
        'interrupted run in this working tree would leave mutated source files behind.',
    );
  }
  return {
    plugins: ['@stryker-mutator/vitest-runner', fileURLToPath(new URL('./messageOnly.mjs', import.meta.url))],
    testRunner: 'vitest',
    vitest: { configFile: vitestConfig },
    // In place: Stryker's own sandbox copies only the package, which breaks `extends: ../../tsconfig.base.json` and
    // the workspace links. scripts/mutation.mjs makes the whole throwaway copy instead.
    inPlace: true,
    coverageAnalysis: 'perTest',
    mutate,
    // Mutants that can only change the words of a message for humans are ignored (see messageOnly.mjs).
    ignorers: ['message-only'],
    reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
    clearTextReporter: { allowColor: false, reportTests: false, reportMutants: true, reportScoreTable: true },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    // Results are committed per package; scripts/mutation.mjs passes --incremental (and --force for --full).
    incrementalFile: 'stryker-incremental.json',
    thresholds: { high: 95, low: 90, break: breakAt },
    // The machines have 2 cores, shared.
    concurrency: 2,
    // A busy machine runs a test several times slower than the dry run measured it: do not call that a time-out.
    timeoutMS: 10_000,
    timeoutFactor: 2,
    tempDirName: '.stryker-tmp',
  };
}
