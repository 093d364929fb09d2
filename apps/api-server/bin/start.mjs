#!/usr/bin/env node
// `pnpm start` (the root script execs this, so Ctrl-C reaches the server itself, which stops cleanly with exit 0).
import { runBuilt } from './run-built.mjs';

await runBuilt('start');
