import * as server from '../config/schema/server.js';
import type { Capability } from './Capability.js';

/**
 * The operator console's static files at `/console` (`ENABLE_CONSOLE`; default on a loopback `API_HOST`). They hold
 * no data and are mounted by `createApp` before the key gate; every read the console makes carries a key. Nothing
 * to start: the row declares what it reads.
 */
export const consoleCapability: Capability = {
  name: 'console',
  reads: [server.ENABLE_CONSOLE, server.API_HOST],
  controllers: [],
  start: () => ({}),
};
