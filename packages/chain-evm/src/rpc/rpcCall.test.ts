import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNativeBalance } from '../wallet/getNativeBalance.js';
import { createRpcProvider } from './createRpcProvider.js';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
let hanging: Server;
let broken: Server;
let failing: Server;
let hangingUrl = '';
let brokenUrl = '';
let failingPort = 0;

beforeAll(async () => {
  hanging = createServer(() => {
    /* never answers */
  });
  broken = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"jsonrpc":"2.0","id":1,"result":');
  });
  // A node (or a provider's gateway) that answers HTTP 500: ethers puts the request URL into its error.
  failing = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('upstream failure');
  });
  await Promise.all([listen(hanging), listen(broken), listen(failing)]);
  failingPort = (failing.address() as AddressInfo).port;
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
});

afterAll(async () => {
  hanging.closeAllConnections();
  broken.closeAllConnections();
  await Promise.all([close(hanging), close(broken)]);
});

describe('rpcCall error translation (through getNativeBalance)', () => {
  it('a node that never answers → RPC_TIMEOUT within the deadline', async () => {
    const provider = createRpcProvider({ url: hangingUrl, chainId: 1, timeoutMs: 300 });
    const started = Date.now();
    await expect(
      getNativeBalance({ provider, chainId: 1, address: ADDRESS, timeoutMs: 500 }),
    ).rejects.toMatchObject({
      code: 'RPC_TIMEOUT',
      chainId: 1,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    provider.destroy();
  });

  it('a closed port → RPC_UNAVAILABLE', async () => {
    const closed = createServer();
    await listen(closed);
    const port = (closed.address() as AddressInfo).port;
    await close(closed);
    const provider = createRpcProvider({ url: `http://127.0.0.1:${port}`, chainId: 1, timeoutMs: 2_000 });
    await expect(getNativeBalance({ provider, chainId: 1, address: ADDRESS })).rejects.toMatchObject({
      code: 'RPC_UNAVAILABLE',
    });
    provider.destroy();
  });

  it('a malformed JSON-RPC answer → a typed RpcError, and the URL is not in the message', async () => {
    const provider = createRpcProvider({ url: brokenUrl, chainId: 1, timeoutMs: 2_000 });
    const error = await getNativeBalance({ provider, chainId: 1, address: ADDRESS }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RpcError' });
    expect(['RPC_ERROR', 'RPC_UNAVAILABLE']).toContain((error as { code: string }).code);
    expect((error as Error).message).not.toContain(brokenUrl);
    provider.destroy();
  });

  it('an HTTP 500 → a typed RpcError whose message AND cause chain never contain the URL or its credentials', async () => {
    // Infura/Alchemy-style key in the path, plus user-info: both are secrets.
    const url = `http://user:pw-SECRET@127.0.0.1:${failingPort}/v3/KEY-SECRET-123`;
    const provider = createRpcProvider({ url, chainId: 1, timeoutMs: 2_000 });
    const error = await getNativeBalance({ provider, chainId: 1, address: ADDRESS }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RpcError' });
    expect(['RPC_ERROR', 'RPC_UNAVAILABLE']).toContain((error as { code: string }).code);
    // What a logger sees: the full inspected error including every nested cause and property.
    const everything = `${inspect(error, { depth: 20 })} ${JSON.stringify(error)}`;
    expect(everything).not.toMatch(/SECRET/);
    // The cause is kept (redacted) for diagnosis.
    expect(String((error as { cause?: Error }).cause?.message)).toContain('[redacted-url]');
    provider.destroy();
  });

  it('an invalid address fails before any RPC call', async () => {
    const provider = createRpcProvider({ url: hangingUrl, chainId: 1, timeoutMs: 300 });
    await expect(getNativeBalance({ provider, chainId: 1, address: '0xnope' })).rejects.toMatchObject({
      code: 'INVALID_ADDRESS',
    });
    provider.destroy();
  });
});

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}
function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
