#!/usr/bin/env node
import { runBuilt } from './run-built.mjs';

await runBuilt('operator-cli');
