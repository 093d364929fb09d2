import type { ConfigRow } from './ConfigRow.js';

/**
 * `pnpm start --help`: every variable from the schema, with its type, default, bounds and whether it is a secret,
 * then the text of its row (Markdown marks removed).
 *
 * @example
 * ```ts
 * process.stdout.write(renderHelp(configTable));
 * ```
 */
export function renderHelp(rows: readonly ConfigRow[]): string {
  const out = [
    'Usage: pnpm start   (node dist/start.js)',
    '',
    'The API server reads its configuration from the environment only. Variables:',
    '',
  ];
  for (const row of rows) {
    for (const v of row.variables) {
      const facts = [
        v.type,
        v.default === undefined ? undefined : `default ${v.default}`,
        v.bounds,
        v.secret ? 'secret' : undefined,
      ].filter((f) => f !== undefined);
      out.push(`  ${v.name}  (${facts.join('; ')})`);
    }
    if (row.defaultText !== undefined) out.push(`      default: ${plain(row.defaultText)}`);
    out.push(`      ${plain(row.doc)}`, '');
  }
  out.push('Invalid values fail startup with a message naming the variable (never its value).', '');
  return out.join('\n');
}

function plain(markdown: string): string {
  return markdown.replace(/\*\*|`/g, '').replace(/\\\|/g, '|');
}
