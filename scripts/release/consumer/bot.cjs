// The scenario with every package loaded through `require` (the `require` condition of each exports map).
const { runScenario } = require('./scenario.cjs');

runScenario({
  fixtureServerUrl: process.argv[2],
  governor: require('@org/governor'),
  governorSqlite: require('@org/governor/sqlite'),
  tokenSafety: require('@org/token-safety'),
  chainEvm: require('@org/chain-evm'),
  chainEvmSqlite: require('@org/chain-evm/sqlite'),
  dca: require('@org/dca'),
  Database: require('better-sqlite3'),
}).then(
  (result) => console.log(JSON.stringify({ loadedBy: 'require', ...result })),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
