#!/usr/bin/env node
// `pnpm demo` (the root script execs this, so Ctrl-C reaches the demo itself, which stops cleanly with exit 0).
import { runBuilt } from './run-built.mjs';

await runBuilt('demo');
