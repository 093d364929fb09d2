import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, it } from 'vitest';

// A synchronous child blocks this worker's event loop, so vitest's own time-out (60 s) cannot end it: each is bounded
// here, under it, so a stall fails with the child's own error.
const BOUNDED = { timeout: 50_000, killSignal: 'SIGKILL' } as const;

// What other teams `npm install`: checked on the built packages (run after `pnpm build`), the way a consumer
// resolves them — ESM import and CJS require through the `exports` map, and the tarball's file list.
const root = new URL('..', import.meta.url).pathname;
const published = ['governor', 'token-safety', 'chain-evm', 'dca', 'mcp'];

type Conditions = { types: string; default: string };
interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  sideEffects?: boolean;
  files?: string[];
  dependencies?: Record<string, string>;
  exports: Record<string, { import: Conditions; require: Conditions } | string>;
}

const manifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as Manifest;

describe.each(published)('@org/%s as published', (dir) => {
  const pkg = manifest(dir);
  const pkgDir = join(root, 'packages', dir);
  const entries = Object.entries(pkg.exports).filter(
    (e): e is [string, { import: Conditions; require: Conditions }] => typeof e[1] !== 'string',
  );

  it('has a publishable manifest: public, semver, side-effect free, files allowlist, types-first exports', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.files).toContain('dist');
    expect(entries.length).toBeGreaterThan(0);
    for (const [, conditions] of entries) {
      expect(Object.keys(conditions)).toEqual(['import', 'require']);
      expect(Object.keys(conditions.import)[0]).toBe('types');
      expect(Object.keys(conditions.require)[0]).toBe('types');
    }
  });

  it('every export resolves for ESM import and CJS require, with the same names and typings present', async () => {
    const require = createRequire(join(pkgDir, 'package.json'));
    for (const [subpath, conditions] of entries) {
      const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
      const cjs = require(specifier) as Record<string, unknown>;
      const esm = (await import(pathToFileURL(join(pkgDir, conditions.import.default)).href)) as Record<
        string,
        unknown
      >;
      expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
      for (const types of [conditions.import.types, conditions.require.types]) {
        expect(readFileSync(join(pkgDir, types), 'utf8').length).toBeGreaterThan(0);
      }
    }
  });

  it('packs only dist, README, CHANGELOG and package.json (no sources or tests)', () => {
    const out = mkdtempSync(join(tmpdir(), 'pack-'));
    let files: string[];
    try {
      execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: pkgDir, stdio: 'pipe', ...BOUNDED });
      const tarball = readdirSync(out).find((f) => f.endsWith('.tgz'));
      expect(tarball).toBeDefined();
      files = execFileSync('tar', ['-tzf', join(out, tarball ?? '')], { encoding: 'utf8', ...BOUNDED })
        .trim()
        .split('\n');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    expect(files).toContain('package/package.json');
    for (const file of files)
      expect(file).toMatch(/^package\/(dist\/|README\.md$|CHANGELOG\.md$|package\.json$)/);
    expect(files.some((f) => /\.test\./.test(f))).toBe(false);
    expect(files).toContain('package/CHANGELOG.md');
  });

  it('passes publint (strict: warnings count as errors)', async () => {
    const { messages } = await publint({ pkgDir, level: 'suggestion', strict: true, pack: 'pnpm' });
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([]);
  });

  it('passes Are the Types Wrong: types for every entry, no masquerading, under node10, node16 and bundler', () => {
    // `attw --pack` exits non-zero on any problem; its JSON says which (entry, resolution kind, problem kind).
    let report: string;
    try {
      report = execFileSync(join(root, 'node_modules/.bin/attw'), ['--pack', '.', '--format', 'json'], {
        cwd: pkgDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        ...BOUNDED,
      });
    } catch (error) {
      report = String((error as { stdout?: string }).stdout ?? error);
    }
    const { analysis } = JSON.parse(report) as {
      analysis: { problems: unknown[]; entrypoints: Record<string, unknown> };
    };
    expect(analysis.problems).toEqual([]);
    expect(Object.keys(analysis.entrypoints).sort()).toEqual(Object.keys(pkg.exports).sort());
  });

  it('has a CHANGELOG with an entry for its current version', () => {
    const changelog = readFileSync(join(pkgDir, 'CHANGELOG.md'), 'utf8');
    expect(changelog.startsWith(`# ${pkg.name}\n\n## `)).toBe(true);
    expect(changelog).toContain(`\n## ${pkg.version}\n`);
  });

  it('has a README with the sections a user looks for', () => {
    const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
    for (const section of ['Install', 'Example', 'API', 'Error codes', 'Stability'])
      expect(readme, `## ${section}`).toMatch(new RegExp(`^## ${section}\\b`, 'm'));
  });
});

describe('@org/governor main entry', () => {
  it('has zero runtime dependencies and imports no package', () => {
    expect(manifest('governor').dependencies ?? {}).toEqual({});
    for (const file of ['dist/index.js', 'dist/index.cjs']) {
      const code = readFileSync(join(root, 'packages/governor', file), 'utf8');
      expect(code).not.toMatch(/\bfrom\s+['"](?!\.)[^'"]+['"]|\brequire\(\s*['"](?!\.)[^'"]+['"]\s*\)/);
    }
  });
});
