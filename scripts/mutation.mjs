#!/usr/bin/env node
// `pnpm test:mutation [package…] [--incremental]`: StrykerJS over the money-critical pure cores of each package that
// has a `stryker.config.mjs`. Stryker runs in place (its own sandbox copies one package and breaks
// `extends: ../../tsconfig.base.json`), but never in this working tree: each package runs in a throwaway copy of
// the repository (tracked and new files, node_modules and dist linked), so an interrupted run cannot leave a
// mutated source file behind. Reports land in `reports/mutation/<package>.json`; with `--incremental`, Stryker
// reuses `packages/<package>/stryker-incremental.json` (committed) and tests only mutants whose code or tests
// changed since, then writes it back.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sep = process.argv.indexOf('--');
const args = sep === -1 ? process.argv.slice(2) : process.argv.slice(2, sep);
/** Anything after `--` goes to Stryker as is (e.g. `-- --mutate src/windowStart.ts`). */
const extra = sep === -1 ? [] : process.argv.slice(sep + 1);
const incremental = args.includes('--incremental');
const wanted = args.filter((a) => !a.startsWith('--'));
const workspaces = ['packages', 'apps'].flatMap((dir) =>
  readdirSync(join(root, dir)).map((name) => join(dir, name)),
);
const targets = workspaces.filter(
  (w) =>
    existsSync(join(root, w, 'stryker.config.mjs')) &&
    (wanted.length === 0 || wanted.some((n) => w.endsWith(`/${n}`))),
);
if (targets.length === 0) {
  console.error(`mutation: no package with a stryker.config.mjs matches ${wanted.join(', ') || '(all)'}`);
  process.exit(2);
}

/** Files of the working tree that git knows or would add (tracked, modified, new; not ignored). */
function workingFiles() {
  const out = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`git ls-files failed: ${out.stderr}`);
  return out.stdout.split('\0').filter((f) => f && existsSync(join(root, f)));
}

/** A copy of the repository where Stryker may write: sources copied, installed and built output linked. */
function makeSandbox() {
  const dir = mkdtempSync(join(tmpdir(), 'mutation-'));
  for (const file of workingFiles()) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  for (const linked of ['node_modules', ...workspaces.flatMap((w) => [`${w}/node_modules`, `${w}/dist`])]) {
    if (existsSync(join(root, linked)) && !existsSync(join(dir, linked))) {
      symlinkSync(join(root, linked), join(dir, linked));
    }
  }
  return dir;
}

const failed = [];
for (const target of targets) {
  const name = target.split('/').pop();
  const sandbox = makeSandbox();
  const started = Date.now();
  console.log(`\nmutation: ${target} (sandbox ${sandbox})`);
  try {
    const run = spawnSync(
      join(root, 'node_modules/.bin/stryker'),
      ['run', 'stryker.config.mjs', ...(incremental ? ['--incremental'] : []), ...extra],
      { cwd: join(sandbox, target), stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } },
    );
    mkdirSync(join(root, 'reports/mutation'), { recursive: true });
    const report = join(sandbox, target, 'reports/mutation', `${name}.json`);
    if (existsSync(report)) cpSync(report, join(root, 'reports/mutation', `${name}.json`));
    const inc = join(sandbox, target, 'stryker-incremental.json');
    if (incremental && existsSync(inc)) cpSync(inc, join(root, target, 'stryker-incremental.json'));
    console.log(`mutation: ${target} finished in ${Math.round((Date.now() - started) / 1000)} s`);
    if (run.status !== 0) failed.push(`${target} (exit ${run.status ?? run.signal})`);
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
  }
}
if (failed.length > 0) {
  console.error(`mutation: below the break threshold or failed: ${failed.join(', ')}`);
  process.exit(1);
}
