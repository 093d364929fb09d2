#!/usr/bin/env node
// `pnpm test:mutation [package…] [--incremental] [-- <stryker options>]`: StrykerJS over the money-critical pure
// cores of each package that has a `stryker.config.mjs` (shared settings: scripts/stryker/defineMutationConfig.mjs).
//
// Stryker runs in place (its own sandbox copies one package and breaks `extends: ../../tsconfig.base.json`), but
// never in this working tree: each package runs in a throwaway copy of the repository (tracked and new files copied,
// node_modules and dist linked), so an interrupted run cannot leave a mutated source file behind; Ctrl-C stops
// Stryker and removes the copy.
//
// Reports land in `reports/mutation/<package>.{json,html}`, and a table of scores and times is printed at the end.
// With `--incremental`, Stryker starts from `packages/<package>/stryker-incremental.json` (committed) and re-tests
// only the mutants whose code or covering tests changed since, then the file is written back (commit it).
// `-- --force` re-tests everything and rewrites it; `-- --mutate src/windowStart.ts` narrows a run.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sep = process.argv.indexOf('--');
const args = sep === -1 ? process.argv.slice(2) : process.argv.slice(2, sep);
/** Anything after `--` goes to Stryker as is. */
const extra = sep === -1 ? [] : process.argv.slice(sep + 1);
const unknown = args.filter((a) => a.startsWith('--') && a !== '--incremental');
if (unknown.length > 0) {
  console.error(`mutation: unknown option ${unknown.join(', ')} (Stryker options go after --)`);
  process.exit(2);
}
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

/** Runs Stryker in its own process group; Ctrl-C or SIGTERM stops the group and removes the sandbox. */
function runStryker(cwd, sandbox) {
  return new Promise((done) => {
    const child = spawn(
      join(root, 'node_modules/.bin/stryker'),
      ['run', 'stryker.config.mjs', ...(incremental ? ['--incremental'] : []), ...extra],
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

/** Counts of a Stryker JSON report; the score leaves out the ignored (message-only) and uncompilable mutants. */
function summarise(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
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

const rows = [];
const failed = [];
for (const target of targets) {
  const name = target.split('/').pop();
  const sandbox = makeSandbox();
  const started = Date.now();
  console.log(`\nmutation: ${target} (sandbox ${sandbox})`);
  try {
    const exit = await runStryker(join(sandbox, target), sandbox);
    const seconds = Math.round((Date.now() - started) / 1000);
    mkdirSync(join(root, 'reports/mutation'), { recursive: true });
    for (const ext of ['json', 'html']) {
      const report = join(sandbox, target, 'reports/mutation', `${name}.${ext}`);
      if (existsSync(report)) cpSync(report, join(root, 'reports/mutation', `${name}.${ext}`));
    }
    const json = join(sandbox, target, 'reports/mutation', `${name}.json`);
    if (existsSync(json)) rows.push({ package: name, ...summarise(json), seconds });
    const inc = join(sandbox, target, 'stryker-incremental.json');
    if (incremental && exit === 0 && existsSync(inc))
      cpSync(inc, join(root, target, 'stryker-incremental.json'));
    console.log(`mutation: ${target} finished in ${seconds} s`);
    if (exit !== 0) failed.push(`${target} (exit ${exit})`);
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
  }
}
if (rows.length > 0) {
  console.log('\nmutation: score = (killed + timed out) / (mutants − ignored as message-only − errors)');
  console.table(
    Object.fromEntries(
      rows.map(({ package: p, score, ...r }) => [p, { score: `${score.toFixed(2)}%`, ...r }]),
    ),
  );
}
if (failed.length > 0) {
  console.error(`mutation: below the break threshold or failed: ${failed.join(', ')}`);
  process.exit(1);
}
