// The scenario with every package loaded through `require` (the `require` condition of each exports map).
const { runScenario } = require('./scenario.cjs');

const entries = [
  '@org/governor',
  '@org/governor/sqlite',
  '@org/token-safety',
  '@org/chain-evm',
  '@org/chain-evm/sqlite',
  '@org/dca',
];
const loaded = Object.fromEntries(entries.map((entry) => [entry, require(entry)]));
// Node ≥ 20.19 can `require` an ES module too; the CommonJS build must be what `require` gets.
const formats = Object.fromEntries(
  entries.map((entry) => [
    entry,
    Object.prototype.toString.call(loaded[entry]) === '[object Module]' ? 'esm' : 'cjs',
  ]),
);

runScenario({
  fixtureServerUrl: process.argv[2],
  governor: loaded['@org/governor'],
  governorSqlite: loaded['@org/governor/sqlite'],
  tokenSafety: loaded['@org/token-safety'],
  chainEvm: loaded['@org/chain-evm'],
  chainEvmSqlite: loaded['@org/chain-evm/sqlite'],
  dca: loaded['@org/dca'],
  Database: require('better-sqlite3'),
}).then(
  (result) => console.log(JSON.stringify({ loadedBy: 'require', formats, ...result })),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
