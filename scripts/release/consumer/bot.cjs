// The scenario with every package loaded through `require` (the `require` condition of each exports map).
const { ENTRIES, runScenario } = require('./scenario.cjs');

const packages = Object.fromEntries(ENTRIES.map((entry) => [entry, require(entry)]));
// Node ≥ 20.19 can `require` an ES module too; the CommonJS build must be what `require` gets.
const isModule = (namespace) => Object.prototype.toString.call(namespace) === '[object Module]';
const formats = Object.fromEntries(
  ENTRIES.map((entry) => [entry, isModule(packages[entry]) ? 'esm' : 'cjs']),
);

runScenario({ fixtureServerUrl: process.argv[2], packages, Database: require('better-sqlite3') }).then(
  (result) => console.log(JSON.stringify({ loadedBy: 'require', formats, ...result })),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
