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
console.log(JSON.stringify({ loadedBy: 'import', ...result }));
