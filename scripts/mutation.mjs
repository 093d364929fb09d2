#!/usr/bin/env node
// `pnpm test:mutation [package…] [--full] [-- <stryker options>]`: StrykerJS over the money-critical pure cores of
// each package that has a `stryker.config.mjs` (shared settings: scripts/stryker/defineMutationConfig.mjs).
//
// Incremental by default: each package's results are committed in `packages/<pkg>/stryker-incremental.json`.
// - Nothing the results depend on changed since that file was written — a fingerprint stored in the file, over the
//   files Stryker's own incremental mode compares (the mutated files and the test files its results name), the set
//   of files the `mutate` globs match, the package's Stryker and mutation vitest config and setup, scripts/stryker/
//   and the versions of Stryker, vitest and fast-check: Stryker does not run at all, the committed results stand
//   (about a second). Other changes in the package (a module the cores do not contain, a devnet test) do not re-run
//   it; `--full` re-tests everything after a change the cores only import.
// - Something changed: Stryker runs with `--incremental`, re-testing only the mutants whose code or covering tests
//   changed, and the file is written back (commit it with the change).
// - `--full` re-tests every mutant (Stryker's `--force`) and rewrites the file.
// Either way the break threshold of each package's config is checked on the whole result.
//
// Stryker runs in place (its own sandbox copies one package and breaks `extends: ../../tsconfig.base.json`), but
// never in this working tree: each package runs in a throwaway copy of the repository (tracked and new files copied,
// node_modules and dist linked), so an interrupted run cannot leave a mutated source file behind; Ctrl-C stops
// Stryker and removes the copy. Reports land in `reports/mutation/<package>.{json,html}`; a table of scores and
// times is printed at the end.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const INCREMENTAL = 'stryker-incremental.json';
const sep = process.argv.indexOf('--');
const args = sep === -1 ? process.argv.slice(2) : process.argv.slice(2, sep);
/** Anything after `--` goes to Stryker as is (and always runs it). */
const extra = sep === -1 ? [] : process.argv.slice(sep + 1);
const unknown = args.filter((a) => a.startsWith('--') && a !== '--full');
if (unknown.length > 0) {
  console.error(`mutation: unknown option ${unknown.join(', ')} (Stryker options go after --)`);
  process.exit(2);
}
const full = args.includes('--full');
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

/** A `mutate` glob as a regular expression (`*` within a directory, `**` across directories). */
function globToRegExp(glob) {
  const body = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) =>
      part.startsWith('**')
        ? '(?:.*/)?'
        : part === '*'
          ? '[^/]*'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

/** The `mutate` list of a package's Stryker config (its guard lets it load from the repository root, read-only). */
async function mutateGlobs(target) {
  // The variable only tells the config's guard where Stryker may write; no Stryker runs here.
  const env = process.env;
  const saved = env.MUTATION_SANDBOX;
  env.MUTATION_SANDBOX = root;
  try {
    return (await import(pathToFileURL(join(root, target, 'stryker.config.mjs')).href)).default.mutate;
  } finally {
    if (saved === undefined) delete env.MUTATION_SANDBOX;
    else env.MUTATION_SANDBOX = saved;
  }
}

/**
 * What a package's results depend on, as one hash: the mutated and test files its results name (`report`: the
 * results being written, or the committed ones being checked), the files the `mutate` globs match, its mutation
 * configs, the shared Stryker scripts and the versions of the tools; read under `base` (the copy a run tested). Not the rest of the package, nor the lockfile:
 * a change there would re-run Stryker only to find the same results (Stryker itself compares the same files).
 */
async function fingerprint(target, files, report, base = root) {
  const inPackage = files.filter((f) => f.startsWith(`${target}/`)).map((f) => f.slice(target.length + 1));
  const globs = await mutateGlobs(target);
  const include = globs.filter((g) => !g.startsWith('!')).map(globToRegExp);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => globToRegExp(g.slice(1)));
  const matched = inPackage.filter((f) => include.some((r) => r.test(f)) && !exclude.some((r) => r.test(f)));
  const named = new Set([...Object.keys(report?.files ?? {}), ...Object.keys(report?.testFiles ?? {})]);
  const configs = ['stryker.config.mjs', 'vitest.mutation.config.ts', 'vitest.mutation.setup.ts'];
  const contents = [...new Set([...matched, ...named, ...configs])]
    .map((f) => `${target}/${f}`)
    .concat(files.filter((f) => f.startsWith('scripts/stryker/') && !f.endsWith('.test.ts')))
    .sort();
  const { devDependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const hash = createHash('sha256');
  for (const tool of ['@stryker-mutator/core', '@stryker-mutator/vitest-runner', 'vitest', 'fast-check']) {
    hash.update(`${tool}@${devDependencies[tool] ?? ''}\0`);
  }
  hash.update(`${matched.sort().join('\n')}\0`);
  for (const f of contents) {
    hash.update(`${f}\0`);
    if (existsSync(join(base, f))) {
      const text = readFileSync(join(base, f));
      // Raising a threshold changes no result: `breakAt` is left out of the config's fingerprint.
      hash.update(
        f.endsWith('/stryker.config.mjs') ? String(text).replace(/breakAt:\s*[0-9.]+/, 'breakAt') : text,
      );
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** A copy of the repository where Stryker may write: sources copied, installed and built output linked. */
function makeSandbox(files) {
  const dir = mkdtempSync(join(tmpdir(), 'mutation-'));
  for (const file of files) {
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

/** Runs Stryker in its own process group; Ctrl-C or SIGTERM stops the group and removes the sandbox. */
function runStryker(cwd, sandbox) {
  return new Promise((done) => {
    const child = spawn(
      join(root, 'node_modules/.bin/stryker'),
      ['run', 'stryker.config.mjs', '--incremental', ...(full ? ['--force'] : []), ...extra],
      {
        cwd,
        stdio: 'inherit',
        detached: true,
        env: { ...process.env, FORCE_COLOR: '0', MUTATION_SANDBOX: sandbox },
      },
    );
    const stop = (signal) => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      rmSync(sandbox, { recursive: true, force: true });
      console.error(`mutation: stopped by ${signal}; ${sandbox} removed`);
      process.exit(130);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done(code ?? signal);
    });
  });
}

/** Counts of a Stryker report; the score leaves out the ignored (message-only, equivalent) and uncompilable mutants. */
function summarise(report) {
  const count = {};
  for (const file of Object.values(report.files)) {
    for (const m of file.mutants) count[m.status] = (count[m.status] ?? 0) + 1;
  }
  const n = (s) => count[s] ?? 0;
  const detected = n('Killed') + n('Timeout');
  const valid = detected + n('Survived') + n('NoCoverage');
  return {
    mutants: Object.values(count).reduce((a, b) => a + b, 0),
    ignored: n('Ignored'),
    killed: n('Killed'),
    timeout: n('Timeout'),
    survived: n('Survived'),
    noCoverage: n('NoCoverage'),
    errors: n('CompileError') + n('RuntimeError'),
    score: valid === 0 ? 100 : (100 * detected) / valid,
  };
}

/** The break threshold of a package's config (read from the source: importing it outside a sandbox throws). */
function breakThreshold(target) {
  const text = readFileSync(join(root, target, 'stryker.config.mjs'), 'utf8');
  const match = /breakAt:\s*([0-9.]+)/.exec(text);
  return match ? Number(match[1]) : null;
}

const files = workingFiles();
const rows = [];
const failed = [];
for (const target of targets) {
  const name = target.split('/').pop();
  const started = Date.now();
  const committed = join(root, target, INCREMENTAL);
  const previous = existsSync(committed) ? JSON.parse(readFileSync(committed, 'utf8')) : null;
  if (
    !full &&
    extra.length === 0 &&
    previous?.mutationInputs === (await fingerprint(target, files, previous))
  ) {
    const summary = summarise(previous);
    const threshold = breakThreshold(target);
    console.log(`mutation: ${target}: nothing changed since ${INCREMENTAL} was written; its results stand`);
    rows.push({ package: name, ...summary, seconds: 0, run: 'unchanged' });
    if (threshold !== null && summary.score < threshold) failed.push(`${target} (score under ${threshold})`);
    continue;
  }
  const sandbox = makeSandbox(files);
  console.log(`\nmutation: ${target} (sandbox ${sandbox})`);
  try {
    const exit = await runStryker(join(sandbox, target), sandbox);
    const seconds = Math.round((Date.now() - started) / 1000);
    mkdirSync(join(root, 'reports/mutation'), { recursive: true });
    for (const ext of ['json', 'html']) {
      const report = join(sandbox, target, 'reports/mutation', `${name}.${ext}`);
      if (existsSync(report)) cpSync(report, join(root, 'reports/mutation', `${name}.${ext}`));
    }
    const written = join(sandbox, target, INCREMENTAL);
    if (existsSync(written)) {
      // Stable across runs and machines: no sandbox paths, no configuration dump; the fingerprint of the inputs.
      const { config: _config, projectRoot: _root, ...report } = JSON.parse(readFileSync(written, 'utf8'));
      // Of the files as Stryker tested them (the copy), should the working tree have changed meanwhile.
      report.mutationInputs = await fingerprint(target, files, report, sandbox);
      // A run narrowed with Stryker options (`-- --mutate …`) is not the package's result: not written back.
      if (extra.length === 0) writeFileSync(committed, `${JSON.stringify(report, null, 2)}\n`);
      rows.push({ package: name, ...summarise(report), seconds, run: full ? 'full' : 'incremental' });
    }
    console.log(`mutation: ${target} finished in ${seconds} s`);
    if (exit !== 0) failed.push(`${target} (exit ${exit})`);
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
  }
}
if (rows.length > 0) {
  console.log('\nmutation: score = (killed + timed out) / (mutants − ignored − errors)');
  console.table(
    Object.fromEntries(
      // Rounded down, as `breakAt` is: 96.997 reads 96.99, not 97.00.
      rows.map(({ package: p, score, ...r }) => [
        p,
        { score: `${(Math.floor(score * 100) / 100).toFixed(2)}%`, ...r },
      ]),
    ),
  );
}
if (failed.length > 0) {
  console.error(`mutation: below the break threshold or failed: ${failed.join(', ')}`);
  process.exit(1);
}
