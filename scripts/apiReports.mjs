// @ts-check
// The public API of every published package, reviewed on purpose: one API Extractor report per entry of each
// package's `exports` map (`packages/<pkg>/etc/<pkg>[-<subpath>].api.md`), written from the built `.d.ts`.
//
//   node scripts/apiReports.mjs            check: exit 1 when a report is missing, stale or left over
//   node scripts/apiReports.mjs --update   rewrite every report (what `pnpm api:update` runs after `pnpm build`)
//
// Entries come from the manifests, so a new subpath export gets its report without any configuration.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * @typedef {{ packageName: string, packageDir: string, subpath: string, typesFile: string,
 *   reportName: string, reportFile: string }} ApiEntry
 * @typedef {{ entry: ApiEntry, status: 'unchanged' | 'updated' | 'stale' | 'missing' | 'failed',
 *   messages: string[] }} ApiReportResult
 */

/**
 * The directories (under `packages/`) of the packages that are published: every package that is not private.
 * @param {string} [root]
 * @returns {string[]}
 */
export function publishedPackageDirs(root = repoRoot) {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir)
    .filter((name) => existsSync(join(packagesDir, name, 'package.json')))
    .filter(
      (name) => JSON.parse(readFileSync(join(packagesDir, name, 'package.json'), 'utf8')).private !== true,
    )
    .sort()
    .map((name) => join(packagesDir, name));
}

/**
 * One entry per typed subpath of each published package's `exports` map (`./package.json` has no API).
 * @param {string} [root]
 * @returns {ApiEntry[]}
 */
export function apiEntries(root = repoRoot) {
  return publishedPackageDirs(root).flatMap((packageDir) => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const unscoped = String(manifest.name).replace(/^@[^/]+\//, '');
    return Object.entries(manifest.exports ?? {}).flatMap(([subpath, conditions]) => {
      const typesFile = conditions?.import?.types ?? conditions?.types;
      if (typeof typesFile !== 'string') return [];
      const suffix = subpath === '.' ? '' : `-${subpath.slice(2).replaceAll('/', '-')}`;
      const reportName = `${unscoped}${suffix}`;
      return [
        {
          packageName: manifest.name,
          packageDir,
          subpath,
          typesFile: join(packageDir, typesFile),
          reportName,
          reportFile: join(packageDir, 'etc', `${reportName}.api.md`),
        },
      ];
    });
  });
}

/**
 * Report files in `packages/<pkg>/etc/` that no longer match an export (a removed subpath).
 * @param {ApiEntry[]} entries
 * @param {string} [root]
 * @returns {string[]}
 */
export function leftoverReports(entries, root = repoRoot) {
  const expected = new Set(entries.map((e) => e.reportFile));
  return publishedPackageDirs(root).flatMap((packageDir) => {
    const etc = join(packageDir, 'etc');
    if (!existsSync(etc)) return [];
    return readdirSync(etc)
      .filter((file) => file.endsWith('.api.md'))
      .map((file) => join(etc, file))
      .filter((file) => !expected.has(file));
  });
}

/**
 * Runs API Extractor on every entry. With `update`, reports are rewritten (and left-over ones deleted);
 * without it, nothing is written to the repository and each entry says whether its report is current.
 * @param {{ update: boolean, root?: string }} parameters
 * @returns {{ results: ApiReportResult[], leftovers: string[] }}
 */
export function runApiReports({ update, root = repoRoot }) {
  const entries = apiEntries(root);
  const tempFolder = mkdtempSync(join(tmpdir(), 'api-report-'));
  try {
    const results = entries.map((entry) => runEntry({ entry, update, tempFolder }));
    const leftovers = leftoverReports(entries, root);
    if (update) for (const file of leftovers) unlinkSync(file);
    return { results, leftovers: update ? [] : leftovers };
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
}

/**
 * @param {{ entry: ApiEntry, update: boolean, tempFolder: string }} parameters
 * @returns {ApiReportResult}
 */
function runEntry({ entry, update, tempFolder }) {
  /** @type {string[]} */
  const messages = [];
  if (!existsSync(entry.typesFile)) {
    return {
      entry,
      status: 'failed',
      messages: [`${entry.typesFile} does not exist: run \`pnpm build\` first`],
    };
  }
  const existed = existsSync(entry.reportFile);
  if (update) mkdirSync(join(entry.packageDir, 'etc'), { recursive: true });
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: entry.packageDir,
      mainEntryPointFilePath: entry.typesFile,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2023'],
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            skipLibCheck: true,
            // Node's types from this repository, wherever the package being read lives.
            types: ['node'],
            typeRoots: [join(repoRoot, 'node_modules/@types')],
          },
          files: [entry.typesFile],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.reportName,
        reportFolder: join(entry.packageDir, 'etc'),
        reportTempFolder: join(tempFolder, basename(entry.packageDir)),
        // A type the API uses without exporting it is part of the API too: its changes must show in review.
        includeForgottenExports: true,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
        // The report holds declarations only: analysis notes (undocumented members, links, forgotten exports)
        // carry `.d.ts` line numbers that would churn on every unrelated change.
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(entry.packageDir, 'package.json'),
  });
  /** @type {import('@microsoft/api-extractor').ExtractorResult} */
  let result;
  try {
    result = Extractor.invoke(config, {
      localBuild: update,
      showVerboseMessages: false,
      messageCallback: (message) => {
        // The report-changed notices are what `status` says; errors and warnings are returned, not printed.
        message.handled = true;
        if (String(message.messageId).startsWith('console-api-report-')) return;
        if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)
          messages.push(message.formatMessageWithLocation(entry.packageDir));
      },
    });
  } catch (error) {
    // API Extractor's own defects (e.g. a symbol it cannot follow) fail this entry, not the whole run.
    return { entry, status: 'failed', messages: [...messages, String(error)] };
  }
  if (result.errorCount > 0) return { entry, status: 'failed', messages };
  if (!result.apiReportChanged) return { entry, status: 'unchanged', messages };
  if (update) return { entry, status: 'updated', messages };
  return { entry, status: existed ? 'stale' : 'missing', messages };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const update = process.argv.includes('--update');
  const { results, leftovers } = runApiReports({ update });
  let failed = false;
  for (const { entry, status, messages } of results) {
    const name = entry.subpath === '.' ? entry.packageName : `${entry.packageName}/${entry.subpath.slice(2)}`;
    console.log(`${status.padEnd(9)} ${name} → ${entry.reportFile.slice(repoRoot.length)}`);
    for (const message of messages) console.log(`          ${message}`);
    if (status === 'failed' || (!update && status !== 'unchanged')) failed = true;
  }
  for (const file of leftovers) {
    console.log(`leftover  ${file.slice(repoRoot.length)} (no export matches it)`);
    failed = true;
  }
  if (failed && !update)
    console.log('\nThe public API changed: review it, then run `pnpm api:update` and commit the reports.');
  process.exit(failed ? 1 : 0);
}
