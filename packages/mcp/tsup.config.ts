import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const define = { __MCP_PACKAGE_VERSION__: JSON.stringify(version) };

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'node20',
    define,
  },
  {
    // The `wallet-ops-mcp` bin: ESM only, with its shebang.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    define,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
