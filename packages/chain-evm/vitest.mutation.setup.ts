import fc from 'fast-check';

// Mutation runs only (vitest.mutation.config.ts): a property that fails stops at its first counterexample instead
// of shrinking it — a killed mutant is killed either way, and shrinking costs seconds per mutant.
fc.configureGlobal({ endOnFailure: true });
