import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runApiReports } from './apiReports.mjs';

// The public API is reviewed on purpose: a change to what a published package exports must come with its
// regenerated report (`pnpm api:update`) — and a changeset of the right bump — in the same change.
const root = fileURLToPath(new URL('..', import.meta.url));

describe('API reports (packages/*/etc/*.api.md)', () => {
  // API Extractor runs once per entry (a dozen and growing with each subpath export): seconds each on a quiet 2-core
  // machine, over a minute in all on a loaded one — a bound, not a speed target.
  it(
    'exist for every entry of every published package and match its built declarations',
    { timeout: 300_000 },
    () => {
      const { results, leftovers } = runApiReports({ update: false });
      expect(results.map((r) => r.entry.reportFile.slice(root.length)).sort()).toEqual(
        expect.arrayContaining([
          'packages/chain-evm/etc/chain-evm.api.md',
          'packages/chain-evm/etc/chain-evm-sqlite.api.md',
          'packages/dca/etc/dca.api.md',
          'packages/governor/etc/governor.api.md',
          'packages/governor/etc/governor-sqlite.api.md',
          'packages/token-safety/etc/token-safety.api.md',
        ]),
      );
      const problems = results
        .filter((r) => r.status !== 'unchanged')
        .map((r) => `${r.status}: ${r.entry.reportFile.slice(root.length)} ${r.messages.join(' ')}`);
      expect(
        [...problems, ...leftovers.map((file) => `left over: ${file.slice(root.length)}`)],
        'The exported API differs from its report: review the change, run `pnpm api:update`, commit the reports, ' +
          'and add a changeset (new export = minor; removed or changed export or error code = major).',
      ).toEqual([]);
    },
    60_000,
  );

  describe('on a copy of @org/governor', () => {
    const copy = mkdtempSync(join(tmpdir(), 'api-report-test-'));
    const governor = join(copy, 'packages/governor');
    cpSync(join(root, 'packages/governor'), governor, {
      recursive: true,
      filter: (source) => !source.includes('node_modules') && !source.includes(`${'/'}src`),
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));
    const statusOf = (subpath: string) =>
      runApiReports({ update: false, root: copy }).results.find((r) => r.entry.subpath === subpath)?.status;

    it('a new export makes the report stale', () => {
      expect(statusOf('.')).toBe('unchanged');
      appendFileSync(join(governor, 'dist/index.d.ts'), '\nexport declare const addedExport: number;\n');
      expect(statusOf('.')).toBe('stale');
    }, 60_000);

    it('a changed error code makes the report stale', () => {
      const declarations = join(governor, 'dist/sqlite.d.ts');
      const before = readFileSync(declarations, 'utf8');
      expect(statusOf('./sqlite')).toBe('unchanged');
      const chunk = /from '\.\/(types-[^']+)\.js'/.exec(before)?.[1];
      const types = join(governor, `dist/${chunk}.d.ts`);
      const text = readFileSync(types, 'utf8');
      expect(text).toContain("'KILL_SWITCH_ENGAGED'");
      writeFileSync(types, text.replace("'KILL_SWITCH_ENGAGED'", "'KILL_SWITCH_ON'"));
      expect(statusOf('./sqlite')).toBe('stale');
    }, 60_000);

    it('a report without an export is left over, and an export without a report is missing', () => {
      writeFileSync(join(governor, 'etc/governor-removed.api.md'), 'old');
      expect(runApiReports({ update: false, root: copy }).leftovers).toEqual([
        join(governor, 'etc/governor-removed.api.md'),
      ]);
      rmSync(join(governor, 'etc/governor.api.md'));
      expect(statusOf('.')).toBe('missing');
    }, 60_000);
  });
});
