#!/usr/bin/env node
import { runOperatorCli } from './operator.js';

runOperatorCli(
  process.argv.slice(2),
  process.env,
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`operator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
