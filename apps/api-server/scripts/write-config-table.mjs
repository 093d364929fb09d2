// Writes the README's configuration table from the schema (`pnpm config:readme`, after `pnpm build`).
// `src/config/configTable.test.ts` fails whenever the README is not this rendering.
import { readFileSync, writeFileSync } from 'node:fs';
import { configTable } from '../dist/config/configTable.js';
import { renderConfigTable } from '../dist/config/renderConfigTable.js';

const readme = new URL('../../../README.md', import.meta.url);
const text = readFileSync(readme, 'utf8');
const start = text.indexOf('| variable |', text.indexOf('## Configuration (environment)'));
const end = text.indexOf('\n\n', start);
if (start < 0 || end < 0)
  throw new Error('README: no configuration table under "## Configuration (environment)"');
writeFileSync(readme, text.slice(0, start) + renderConfigTable(configTable) + text.slice(end));
process.stdout.write(`README.md: ${configTable.length} configuration rows written\n`);
