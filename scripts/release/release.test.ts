import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkspace } from './copyWorkspace.js';
import { type FixtureServer, startFixtureServer } from './fixtureServer.js';
import { killRunningCommands, runCommand } from './runCommand.js';
import { type Registry, startRegistry } from './startRegistry.mjs';

// The release, end to end, on a throwaway copy of the repository (the repository itself is never written):
// a changeset → `changeset version` → build → `changeset publish` to a real registry (Verdaccio on 127.0.0.1) →
// `npm install` in a project outside the workspace → the packages used from CommonJS, ESM and TypeScript.
const root = fileURLToPath(new URL('../..', import.meta.url));
const consumerFixtures = fileURLToPath(new URL('./consumer', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const changeset = join(root, 'node_modules/@changesets/cli/bin.js');

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

function workspacePackages(base: string): { dir: string; manifest: Manifest }[] {
  return ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(base, group))
      .filter((name) => existsSync(join(base, group, name, 'package.json')))
      .map((name) => ({
        dir: `${group}/${name}`,
        manifest: readJson<Manifest>(join(base, group, name, 'package.json')),
      })),
  );
}

const published = workspacePackages(root).filter((p) => p.manifest.private !== true);
const sampled = published.find((p) => p.manifest.name === '@org/governor');
if (!sampled) throw new Error('@org/governor is the sample package of the release test');
// Published packages that depend on the sampled one (its dependents, which a major bump must carry along).
const dependents = published.filter((p) => p.manifest.dependencies?.[sampled.manifest.name] !== undefined);

function bump(version: string, type: 'major' | 'minor' | 'patch'): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (type === 'major') return `${major + 1}.0.0`;
  if (type === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** path → sha256 of every file under `dir` (symlinks and node_modules left out). */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.git') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        files.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

/** What the release must never touch in the real repository. */
function releaseState(): Map<string, string> {
  const state = new Map<string, string>();
  for (const { dir } of workspacePackages(root)) {
    for (const file of ['package.json', 'CHANGELOG.md']) {
      const path = join(root, dir, file);
      if (existsSync(path)) state.set(`${dir}/${file}`, readFileSync(path, 'utf8'));
    }
  }
  for (const file of readdirSync(join(root, '.changeset')))
    state.set(`.changeset/${file}`, readFileSync(join(root, '.changeset', file), 'utf8'));
  return state;
}

const pendingChangesets = () =>
  readdirSync(join(root, '.changeset')).filter((file) => file.endsWith('.md') && file !== 'README.md');

const git = (cwd: string, ...args: string[]) =>
  runCommand({
    command: ['git', '-c', 'user.name=release-test', '-c', 'user.email=release-test@localhost', ...args],
    cwd,
    env: { GIT_CEILING_DIRECTORIES: dirname(cwd) },
    timeoutMs: 30_000,
  });

const work = mkdtempSync(join(tmpdir(), 'release-test-'));
const before = releaseState();
let registry: Registry | undefined;
let fixtureServer: FixtureServer | undefined;

beforeAll(async () => {
  registry = await startRegistry();
  fixtureServer = await startFixtureServer({
    fixtures: join(root, 'packages/token-safety/src/test-support/fixtures'),
  });
});

afterAll(async () => {
  killRunningCommands();
  await registry?.close();
  await fixtureServer?.close();
  // RELEASE_TEST_KEEP=1 keeps the copy, the consumer project and their logs for a look afterwards.
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: a switch for a person running the test, not a turbo input
  if (process.env['RELEASE_TEST_KEEP'] === '1') console.log(`release test work directory kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
});

describe('pending changesets', () => {
  it('version cleanly on a copy: each names a published package and lands in its CHANGELOG with its bump', async () => {
    const copy = join(work, 'pending');
    copyWorkspace({ from: root, to: copy });
    const pending = pendingChangesets().map((file) => {
      const text = readFileSync(join(copy, '.changeset', file), 'utf8');
      const [, frontmatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
      const releases = [...frontmatter.matchAll(/^["']([^"']+)["']:\s*(major|minor|patch)\s*$/gm)].map(
        ([, name = '', type = '']) => ({ name, type: type as 'major' | 'minor' | 'patch' }),
      );
      return { file, releases, firstLine: body.trim().split('\n')[0] ?? '' };
    });
    await runCommand({ command: ['node', changeset, 'version'], cwd: copy, timeoutMs: 60_000 });

    const names = new Set(published.map((p) => p.manifest.name));
    for (const { file, releases, firstLine } of pending) {
      expect(releases.length, `${file} names no package`).toBeGreaterThan(0);
      for (const { name } of releases) {
        expect(names.has(name), `${file}: ${name} is not a published package`).toBe(true);
        const dir = published.find((p) => p.manifest.name === name)?.dir ?? '';
        expect(readFileSync(join(copy, dir, 'CHANGELOG.md'), 'utf8')).toContain(firstLine);
      }
    }
    for (const { dir, manifest } of published) {
      const types = pending.flatMap((c) =>
        c.releases.filter((r) => r.name === manifest.name).map((r) => r.type),
      );
      if (types.length === 0) continue;
      const highest = (['major', 'minor', 'patch'] as const).find((type) => types.includes(type)) ?? 'patch';
      expect(readJson<Manifest>(join(copy, dir, 'package.json')).version).toBe(
        bump(manifest.version, highest),
      );
    }
    expect(readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md'))).toEqual(['README.md']);
  });
});

describe('a release through a real registry', () => {
  const copy = join(work, 'repo');
  const consumer = join(work, 'consumer');
  const sampleSummary = 'Release-test sample: a breaking change of the governor.';
  let versioned: Map<string, string>;

  it('changeset version: the sampled package and its dependents change, nothing else', async () => {
    copyWorkspace({ from: root, to: copy });
    for (const file of pendingChangesets()) unlinkSync(join(copy, '.changeset', file));
    writeFileSync(
      join(copy, '.changeset/release-test-sample.md'),
      `---\n"${sampled.manifest.name}": major\n---\n\n${sampleSummary}\n`,
    );
    await git(copy, 'init', '-q', '-b', 'main');
    await git(copy, 'add', '-A');
    await git(copy, 'commit', '-q', '-m', 'release test');
    const unversioned = snapshot(copy);

    await runCommand({ command: ['node', changeset, 'version'], cwd: copy, timeoutMs: 60_000 });

    versioned = snapshot(copy);
    const bumped = [sampled, ...dependents].map((p) => p.dir);
    expect(changedFiles(unversioned, versioned)).toEqual(
      [
        '.changeset/release-test-sample.md',
        ...bumped.flatMap((dir) => [`${dir}/CHANGELOG.md`, `${dir}/package.json`]),
      ].sort(),
    );
    const next = bump(sampled.manifest.version, 'major');
    const sampledChangelog = readFileSync(join(copy, sampled.dir, 'CHANGELOG.md'), 'utf8');
    expect(sampledChangelog).toMatch(
      // (with git history, the entry starts with the short hash of the commit that added the changeset)
      new RegExp(
        `^# ${sampled.manifest.name}\\n\\n## ${next}\\n\\n### Major Changes\\n\\n- [0-9a-f]{7}: ${sampleSummary}`,
      ),
    );
    // The history below the new entry is kept as it was.
    const history = readFileSync(join(root, sampled.dir, 'CHANGELOG.md'), 'utf8')
      .split('\n')
      .slice(1)
      .join('\n');
    expect(sampledChangelog.endsWith(history)).toBe(true);
    expect(readJson<Manifest>(join(copy, sampled.dir, 'package.json')).version).toBe(next);
    // updateInternalDependencies "patch": a dependent whose range the new version leaves gets a patch release.
    for (const { dir, manifest } of dependents) {
      expect(readJson<Manifest>(join(copy, dir, 'package.json')).version).toBe(
        bump(manifest.version, 'patch'),
      );
      expect(readFileSync(join(copy, dir, 'CHANGELOG.md'), 'utf8')).toMatch(
        new RegExp(
          `### Patch Changes\\n\\n- Updated dependencies \\[[0-9a-f]{7}\\]\\n  - ${sampled.manifest.name}@${next}`,
        ),
      );
    }
  }, 60_000);

  it('build and changeset publish: every published package on the registry, workspace ranges resolved', async () => {
    const url = registry?.url ?? '';
    const filters = published.flatMap((p) => ['--filter', p.manifest.name]);
    await runCommand({ command: ['pnpm', ...filters, 'run', 'build'], cwd: copy, timeoutMs: 180_000 });
    // Only built output may appear: the versioned sources are what was built.
    expect(
      changedFiles(versioned, snapshot(copy)).filter((path) => !/^packages\/[^/]+\/dist\//.test(path)),
    ).toEqual([]);

    const publish = await runCommand({
      command: ['node', changeset, 'publish'],
      cwd: copy,
      env: {
        'npm_config_@org:registry': url,
        [`npm_config_${url.replace(/^http:/, '')}:_authToken`]: 'release-test',
        GIT_CEILING_DIRECTORIES: dirname(copy),
      },
      timeoutMs: 120_000,
    });
    const tags = (await git(copy, 'tag', '--list')).output.trim().split('\n').sort();
    const versions = published.map((p) => ({
      name: p.manifest.name,
      version: readJson<Manifest>(join(copy, p.dir, 'package.json')).version,
    }));
    expect(tags, publish.output).toEqual(versions.map((v) => `${v.name}@${v.version}`).sort());

    for (const { name, version } of versions) {
      const response = await fetch(`${url}${name.replace('/', '%2f')}`);
      expect(response.status, `${name} on the registry`).toBe(200);
      const packument = (await response.json()) as {
        'dist-tags': Record<string, string>;
        versions: Record<string, Manifest>;
      };
      expect(packument['dist-tags']['latest']).toBe(version);
      expect(JSON.stringify(packument.versions[version])).not.toContain('workspace:');
    }
    const dependent = dependents[0];
    if (dependent) {
      const response = await fetch(`${url}${dependent.manifest.name.replace('/', '%2f')}`);
      const packument = (await response.json()) as { versions: Record<string, Manifest> };
      const version = bump(dependent.manifest.version, 'patch');
      expect(packument.versions[version]?.dependencies?.[sampled.manifest.name]).toBe(
        `^${bump(sampled.manifest.version, 'major')}`,
      );
    }
  }, 300_000);

  it('npm install in a project outside the workspace: the four packages and better-sqlite3, as a user would', async () => {
    mkdirSync(consumer);
    const workspaceRequire = createRequire(join(root, sampled.dir, 'package.json'));
    const sqliteDir = dirname(workspaceRequire.resolve('better-sqlite3/package.json'));
    const sqliteVersion = readJson<Manifest>(join(sqliteDir, 'package.json')).version;
    const typesVersion = (name: string) =>
      readJson<Manifest>(workspaceRequire.resolve(`${name}/package.json`)).version;
    const nodeTypesVersion = readJson<Manifest>(
      createRequire(join(root, 'package.json')).resolve('@types/node/package.json'),
    ).version;

    writeFileSync(
      join(consumer, 'package.json'),
      `${JSON.stringify(
        {
          name: 'consumer-bot',
          private: true,
          type: 'module',
          // npm ≥ 11.19 runs dependency install scripts only when approved: better-sqlite3 needs its binary;
          // the others are optional accelerators with JavaScript fallbacks.
          allowScripts: {
            'better-sqlite3': true,
            'bigint-buffer': false,
            bufferutil: false,
            'utf-8-validate': false,
          },
        },
        null,
        2,
      )}\n`,
    );
    writeFileSync(join(consumer, '.npmrc'), `@org:registry=${registry?.url}\n`);

    // better-sqlite3's install script is `prebuild-install || node-gyp rebuild`. prebuild-install fetches a
    // prebuilt binary for this Node ABI and platform; there is none reachable here, so node-gyp would compile
    // SQLite (~55 s on 2 cores). The binary pnpm compiled for the workspace — same version, same Node — is
    // offered as a local prebuild (prebuild-install's `<package>_local_prebuilds` setting), exactly the file
    // a prebuild download would provide. RELEASE_TEST_SQLITE_FROM_SOURCE=1 compiles it instead.
    const env: Record<string, string> = {};
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: a switch for a person running the test, not a turbo input
    const fromSource = process.env['RELEASE_TEST_SQLITE_FROM_SOURCE'] === '1';
    if (!fromSource) {
      const prebuilds = join(work, 'prebuilds');
      mkdirSync(prebuilds);
      // prebuild-install names Linux builds for musl `linuxmusl`; glibc ones plain `linux`.
      const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
      const libc = process.platform === 'linux' && !report.header?.glibcVersionRuntime ? 'musl' : '';
      const tarball = `better-sqlite3-v${sqliteVersion}-node-v${process.versions.modules}-${process.platform}${libc}-${process.arch}.tar.gz`;
      await runCommand({
        command: ['tar', '-czf', join(prebuilds, tarball), 'build/Release/better_sqlite3.node'],
        cwd: sqliteDir,
        timeoutMs: 30_000,
      });
      env['npm_config_better_sqlite3_local_prebuilds'] = prebuilds;
    }

    const install = await runCommand({
      command: [
        'npm',
        'install',
        '--no-audit',
        '--no-fund',
        '--foreground-scripts',
        ...published.map((p) => p.manifest.name),
        `better-sqlite3@${sqliteVersion}`,
        `@types/better-sqlite3@${typesVersion('@types/better-sqlite3')}`,
        `@types/node@${nodeTypesVersion}`,
      ],
      cwd: consumer,
      env,
      timeoutMs: fromSource ? 300_000 : 180_000,
    });
    console.log(`npm install in the consumer project: ${(install.durationMs / 1000).toFixed(1)} s`);

    // What was installed is what this release built (and exists on no other registry).
    for (const { manifest, dir } of published) {
      const installed = join(consumer, 'node_modules', manifest.name);
      expect(readJson<Manifest>(join(installed, 'package.json')).version).toBe(
        readJson<Manifest>(join(copy, dir, 'package.json')).version,
      );
      expect(readFileSync(join(installed, 'dist/index.js'), 'utf8')).toBe(
        readFileSync(join(copy, dir, 'dist/index.js'), 'utf8'),
      );
    }
    const binary = 'build/Release/better_sqlite3.node';
    const installed = readFileSync(join(consumer, 'node_modules/better-sqlite3', binary));
    if (!fromSource) expect(installed.equals(readFileSync(join(sqliteDir, binary)))).toBe(true);
  }, 360_000);

  const expectedScenario = {
    governor: {
      first: 'ALLOWED',
      overPerTx: 'PER_TX_LIMIT_EXCEEDED',
      held: 'ALLOWED',
      overDaily: 'DAILY_LIMIT_EXCEEDED',
      unknownValue: { code: 'VALUE_UNKNOWN', value: null },
      killed: 'KILL_SWITCH_ENGAGED',
      confirmGate: 'GOVERNOR_CONFIGURATION_INVALID',
      executions: 0,
      restarted: { killSwitch: true, spentToday: '0.04', decision: 'KILL_SWITCH_ENGAGED' },
    },
    tokenSafety: {
      clean: { isHoneypot: false },
      honeypot: { isSafe: false, isHoneypot: true },
      unknown: { isSafe: false, isHoneypot: null },
    },
    chainEvm: { chainId: 8453, approvalSelector: '0x095ea7b3' },
    dca: {
      created: 'active',
      firstTick: { claimed: 1, filled: 1 },
      invalidMove: 'DCA_INVALID_TRANSITION',
      restarted: { status: 'paused', pausedReason: 'PAUSED_BY_USER', fills: 1, spent: '25000000' },
    },
  };

  it.each(['bot.cjs', 'bot.mjs'])(
    'a bot loads every package with %s and runs its scenario',
    async (bot) => {
      cpSync(consumerFixtures, consumer, { recursive: true });
      const { output } = await runCommand({
        command: ['node', bot, fixtureServer?.url ?? ''],
        cwd: consumer,
        timeoutMs: 60_000,
      });
      const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      expect(result['loadedBy']).toBe(bot.endsWith('.cjs') ? 'require' : 'import');
      const format = bot.endsWith('.cjs') ? 'cjs' : 'esm';
      expect(result['formats']).toEqual({
        '@org/governor': format,
        '@org/governor/sqlite': format,
        '@org/token-safety': format,
        '@org/chain-evm': format,
        '@org/chain-evm/sqlite': format,
        '@org/dca': format,
        '@org/dca/sqlite': format,
      });
      expect(result).toMatchObject(expectedScenario);
      // One execution for the one due slot, with its idempotency key.
      expect((result['dca'] as { executed: string[] }).executed).toEqual([
        expect.stringMatching(/^dca:[0-9a-f-]{36}:0$/),
      ]);
    },
    60_000,
  );

  it('types resolve under moduleResolution node16 (ESM and CommonJS) and bundler: tsc compiles the project', async () => {
    mkdirSync(join(consumer, 'examples'), { recursive: true });
    for (const { dir } of published) {
      const examples = join(root, dir, 'examples');
      if (!existsSync(examples)) continue;
      for (const file of readdirSync(examples).filter((f) => f.endsWith('.ts')))
        copyFileSync(join(examples, file), join(consumer, 'examples', file));
    }
    for (const config of ['tsconfig.node16.json', 'tsconfig.bundler.json']) {
      await runCommand({ command: ['node', tsc, '-p', config], cwd: consumer, timeoutMs: 120_000 });
    }
    expect(statSync(join(consumer, 'out/types/consumer.cjs')).isFile()).toBe(true);
    expect(readFileSync(join(consumer, 'out/types/consumer.cjs'), 'utf8')).toContain(
      'require("@org/governor")',
    );
  }, 240_000);

  it('the README examples run against the installed packages', async () => {
    // The examples' temporary files stay inside the consumer project, which the test removes.
    mkdirSync(join(consumer, 'tmp'));
    const run = async (file: string, env: Record<string, string> = {}) =>
      (
        await runCommand({
          command: ['node', `out/examples/${file}`],
          cwd: consumer,
          env: { TMPDIR: join(consumer, 'tmp'), ...env },
          timeoutMs: 60_000,
        })
      ).output;
    // The governor README shows the example's output: it must be what the example prints.
    const governorReadme = readFileSync(join(root, sampled.dir, 'README.md'), 'utf8');
    const shown =
      /examples\/spendGovernor\.ts -->\n```ts\n[\s\S]*?```\n\nOutput:\n\n```text\n([\s\S]*?)```/.exec(
        governorReadme,
      )?.[1];
    expect(shown).toBeDefined();
    expect(await run('spendGovernor.js')).toContain(shown);
    const report = await run('tokenReport.js', {
      GOPLUS_BASE_URL: `${fixtureServer?.url}/clean`,
      DEXSCREENER_BASE_URL: fixtureServer?.url ?? '',
    });
    const summary = report.split('\n').find((line) => line.startsWith('{')) ?? '{}';
    expect(JSON.parse(summary)).toMatchObject({ isHoneypot: false });
    expect(report).toContain('goplus: ok');
    expect(report).toContain('dexscreener: ok');
    // The DCA README shows its example's output too.
    const dcaReadme = readFileSync(join(root, 'packages/dca/README.md'), 'utf8');
    const dcaShown =
      /examples\/weeklyBuy\.ts -->\n```ts\n[\s\S]*?```\n\nOutput:\n\n```text\n([\s\S]*?)```/.exec(
        dcaReadme,
      )?.[1];
    expect(dcaShown).toBeDefined();
    expect(await run('weeklyBuy.js')).toContain(dcaShown);
    const approval = await run('exactApproval.js');
    expect(approval).toContain(
      'base (8453): approve 0x2626664c2603336E57B271c5C0b26F421741e481 for 25 USDC: to 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913, data 0x095ea7b3',
    );
    expect(approval).toContain('amountOutMin 8258500000000000 wei');
    expect(approval).toContain('unknown chain: UNSUPPORTED_CHAIN');
    const balance = await run('nativeBalance.js', { RPC_URL_BASE: `${fixtureServer?.url}/rpc/base` });
    expect(balance).toContain(
      '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 holds 1000000000000000000 wei at block 16',
    );
  }, 120_000);
});

describe('the repository', () => {
  it('is untouched by the release: versions, CHANGELOGs and pending changesets as they were', () => {
    expect(releaseState()).toEqual(before);
  });
});
