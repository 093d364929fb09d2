import type { ConfigRow } from './ConfigRow.js';

/**
 * The README's configuration table (Markdown) from the schema: variable, default, bounds and rules, one line per
 * row. `configTable.test.ts` checks that the README holds exactly this; `pnpm config:readme` writes it.
 *
 * @example
 * ```ts
 * renderConfigTable(configTable); // '| variable | default | bounds | rules |\n|---|---|---|---|\n| `WEB3_API_KEY` | …'
 * ```
 */
export function renderConfigTable(rows: readonly ConfigRow[]): string {
  const lines = ['| variable | default | bounds | rules |', '|---|---|---|---|'];
  for (const row of rows) {
    const names = row.variables.map((v) => `\`${v.name}\``).join(' / ');
    const defaults = row.defaultText ?? joined(row.variables.map((v) => v.default));
    const bounds = joined(row.variables.map((v) => v.bounds));
    lines.push(`| ${names} | ${defaults} | ${bounds.replace(/\|/g, '\\|')} | ${row.doc} |`);
  }
  return lines.join('\n');
}

function joined(values: readonly (string | undefined)[]): string {
  if (values.every((v) => v === undefined)) return '—';
  return values.map((v) => (v === undefined ? '—' : `\`${v}\``)).join(' / ');
}
