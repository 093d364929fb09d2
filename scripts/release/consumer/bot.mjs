// The scenario with every package loaded through `import` (the `import` condition of each exports map).
import Database from 'better-sqlite3';
import * as chainEvm from '@org/chain-evm';
import * as chainEvmSqlite from '@org/chain-evm/sqlite';
import * as dca from '@org/dca';
import * as governor from '@org/governor';
import * as governorSqlite from '@org/governor/sqlite';
import * as tokenSafety from '@org/token-safety';
import scenario from './scenario.cjs';

const result = await scenario.runScenario({
  fixtureServerUrl: process.argv[2],
  governor,
  governorSqlite,
  tokenSafety,
  chainEvm,
  chainEvmSqlite,
  dca,
  Database,
});
// The ES module build must be what `import` gets (in these `"type": "module"` packages, CommonJS is `.cjs`).
const formats = Object.fromEntries(
  [
    '@org/governor',
    '@org/governor/sqlite',
    '@org/token-safety',
    '@org/chain-evm',
    '@org/chain-evm/sqlite',
    '@org/dca',
  ].map((entry) => [entry, import.meta.resolve(entry).endsWith('.cjs') ? 'cjs' : 'esm']),
);
console.log(JSON.stringify({ loadedBy: 'import', formats, ...result }));
