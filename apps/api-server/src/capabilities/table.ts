import { approvals } from './approvals.js';
import { bridges } from './bridges.js';
import type { Capability } from './Capability.js';
import { consoleCapability } from './consoleCapability.js';
import { core } from './core.js';
import { dca } from './dca.js';
import { docs } from './docs.js';
import { events } from './events.js';
import { gas } from './gas.js';
import { governor } from './governor.js';
import { portfolio } from './portfolio.js';
import { swaps } from './swaps.js';
import { watcher } from './watcher.js';
import { yieldCapability } from './yield.js';

/**
 * The server's capabilities, in start order (jobs stop in reverse). A row may use what an earlier row handed on
 * (`need`); the gateway's actions are collected from every row first, in this order. Adding a capability is a module
 * and a row here.
 */
export const capabilityTable: readonly Capability[] = [
  core,
  events,
  governor,
  swaps,
  approvals,
  gas,
  portfolio,
  watcher,
  yieldCapability,
  bridges,
  dca,
  consoleCapability,
  docs,
];
