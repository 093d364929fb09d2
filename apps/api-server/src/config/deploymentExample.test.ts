import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable } from './configTable.js';

// The README's deployment section lists each instance's environment: every variable it names must be one the server
// reads (a family like `RPC_URL_<CHAIN>` or `GOVERNOR_*` by its prefix).
describe('README deployment example', () => {
  it('names only variables of the configuration table', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('## Deployment: several instances, one PostgreSQL');
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const named = rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z0-9_<>*]+)`/g)].map((m) => m[1] as string),
    );
    expect(named).toContain('DATABASE_URL');
    const known = configTable.flatMap((row) => row.variables.map((v) => v.name));
    const unknown = named.filter((name) => {
      const prefix = name.replace(/(<[A-Z]+>|\*)$/, '');
      return prefix === name ? !known.includes(name) : !known.some((k) => k.startsWith(prefix));
    });
    expect(unknown).toEqual([]);
  });
});
