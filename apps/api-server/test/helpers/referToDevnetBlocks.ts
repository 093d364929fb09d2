import type { StartDevnetReturnType } from '@org/devnet';
import { expect } from 'vitest';
import type { TestServer } from './startTestServer.js';

/**
 * Makes the server's data refer to blocks of `devnet` past where a new devnet starts (five blocks mined, then an
 * approval scan up to the head): devnets loaded from one state share their genesis, so these positions are what tells
 * them apart at the next start.
 */
export async function referToDevnetBlocks(server: TestServer, devnet: StartDevnetReturnType): Promise<void> {
  await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x5'] }),
  });
  expect((await server.call('/approval/scan?owner=0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).status).toBe(
    200,
  );
}
