// The scenario with every package loaded through `import` (the `import` condition of each exports map).
import Database from 'better-sqlite3';
import scenario from './scenario.cjs';

const packages = Object.fromEntries(
  await Promise.all(scenario.ENTRIES.map(async (entry) => [entry, await import(entry)])),
);
// The ES module build must be what `import` gets (in these `"type": "module"` packages, CommonJS is `.cjs`).
const formats = Object.fromEntries(
  scenario.ENTRIES.map((entry) => [entry, import.meta.resolve(entry).endsWith('.cjs') ? 'cjs' : 'esm']),
);

const result = await scenario.runScenario({ fixtureServerUrl: process.argv[2], packages, Database });
console.log(JSON.stringify({ loadedBy: 'import', formats, ...result }));
