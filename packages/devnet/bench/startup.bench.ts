// `pnpm --filter @org/devnet bench`: time to a fully deployed devnet — cold (compiler and state caches
// cleared), compile cached but state not, and fully cached (anvil_loadState) — plus snapshot/revert cost.
// Uses a private cache directory so the package's own .cache is left untouched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileContracts } from '../src/compileContracts.js';
import { startDevnet } from '../src/startDevnet.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'devnet-bench-'));
const rounds = Number(process.env['DEVNET_BENCH_ROUNDS'] ?? 5);

async function timeStart(label: string, parameters: Parameters<typeof startDevnet>[0]): Promise<number> {
  const started = performance.now();
  const devnet = await startDevnet(parameters);
  const elapsed = performance.now() - started;
  await devnet.stop();
  console.log(`  ${label.padEnd(44)} ${elapsed.toFixed(0).padStart(6)} ms  (${devnet.source})`);
  return elapsed;
}

function summary(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(`${label.padEnd(46)} median ${median.toFixed(0)} ms, min ${sorted[0]?.toFixed(0)} ms`);
}

try {
  console.log(`@org/devnet startup bench (cache dir ${cacheDir}, ${rounds} rounds)\n`);

  // Truly cold first: nothing cached on disk and solc-js not yet loaded in this process.
  const coldFirst = await timeStart('cold, fresh process: load solc + compile + deploy', { cacheDir });

  const cold: number[] = [];
  const compiled: number[] = [];
  const cached: number[] = [];
  for (let round = 0; round < rounds; round++) {
    console.log(`round ${round + 1}`);
    rmSync(cacheDir, { recursive: true, force: true });
    cold.push(await timeStart('caches cleared (solc already loaded)', { cacheDir }));
    compiled.push(await timeStart('compile cached, fresh deploy', { cacheDir, fresh: true }));
    cached.push(await timeStart('fully cached: anvil_loadState', { cacheDir }));
  }
  const compileStarted = performance.now();
  await compileContracts({ cacheDir, useCache: false });
  const compileMs = performance.now() - compileStarted;

  console.log('');
  console.log(`${'cold start, fresh process (caches cleared)'.padEnd(46)} ${coldFirst.toFixed(0)} ms`);
  summary('caches cleared, solc loaded', cold);
  summary('compile cached, deploy', compiled);
  summary('fully cached (state loaded)', cached);
  console.log(`${'solc-js compile alone (solc loaded)'.padEnd(46)} ${compileMs.toFixed(0)} ms`);

  const devnet = await startDevnet({ cacheDir });
  const iterations = 200;
  const started = performance.now();
  for (let index = 0; index < iterations; index++) await devnet.revert(await devnet.snapshot());
  console.log(
    `${'snapshot + revert'.padEnd(46)} ${((performance.now() - started) / iterations).toFixed(2)} ms per pair`,
  );
  await devnet.stop();
} finally {
  rmSync(cacheDir, { recursive: true, force: true });
}
