import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Devnet, startDevnet, waitMined } from '@org/devnet';
import { encryptKeystoreJson, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

let devnet: Devnet;
let server: TestServer;
let provider: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  provider = new JsonRpcProvider(devnet.rpcUrl, devnet.manifest.chainId, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  server = await startTestServer({
    RPC_URL_DEVNET: devnet.rpcUrl,
    WALLET_PRIVATE_KEY: walletAccount().privateKey,
    ENABLE_WALLET_CREATE_ENDPOINT: 'true',
  });
});

afterAll(async () => {
  await server?.close();
  provider?.destroy();
  await devnet?.stop();
});

function walletAccount() {
  const account = devnet.manifest.accounts[1];
  if (!account) throw new Error('devnet has no account 1');
  return account;
}

describe('GET /wallet/info', () => {
  it('returns the configured wallet and its real balance on the devnet, by chain name or id', async () => {
    const expected = await provider.getBalance(walletAccount().address);
    for (const chain of ['devnet', '31337']) {
      const res = await server.call(`/wallet/info?chain=${chain}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        address: walletAccount().address,
        chain: { id: 31337, name: 'devnet' },
        balanceWei: expected.toString(),
        symbol: 'ETH',
        configured: true,
      });
      expect(body.balance).toBe('10000.0');
    }
  });

  it('works with a wallet loaded from a JSON keystore file', async () => {
    const wallet = Wallet.createRandom();
    const dir = mkdtempSync(join(tmpdir(), 'keystore-'));
    const path = join(dir, 'wallet.json');
    writeFileSync(
      path,
      await encryptKeystoreJson({ address: wallet.address, privateKey: wallet.privateKey }, 'pw-123', {
        scrypt: { N: 1 << 10 },
      }),
    );
    const other = await startTestServer({
      RPC_URL_DEVNET: devnet.rpcUrl,
      WALLET_KEYSTORE_PATH: path,
      WALLET_KEYSTORE_PASSWORD: 'pw-123',
    });
    try {
      const body = (await (await other.call('/wallet/info?chain=devnet')).json()) as { address: string };
      expect(body.address).toBe(wallet.address);
      expect(other.logs()).not.toContain('pw-123');
    } finally {
      await other.close();
    }
  });
});

describe('GET /wallet/balance/{address}', () => {
  it('reads the address in the path, not the configured wallet', async () => {
    const recipient = Wallet.createRandom().address;
    const sender = new Wallet(devnet.manifest.accounts[2]?.privateKey ?? '', provider);
    const receipt = await waitMined(sender.sendTransaction({ to: recipient, value: parseEther('1.25') }));
    expect(receipt?.status).toBe(1);

    const res = await server.call(`/wallet/balance/${recipient.toLowerCase()}?chain=devnet`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      address: recipient,
      balance: '1.25',
      balanceWei: parseEther('1.25').toString(),
      chain: { id: 31337, name: 'devnet' },
    });
  });

  it.each([
    '0x123',
    'vitalik.eth',
    '0xZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ',
    '0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  ])('invalid address %s → 422 INVALID_ADDRESS', async (address) => {
    const res = await server.call(`/wallet/balance/${address}?chain=devnet`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_ADDRESS');
  });

  it('unknown chain → 422 UNSUPPORTED_CHAIN', async () => {
    const res = await server.call(`/wallet/balance/${walletAccount().address}?chain=solana-mainnet`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('UNSUPPORTED_CHAIN');
  });
});

describe('RPC failures are typed and bounded, never a hang', () => {
  let hanging: Server;
  beforeAll(async () => {
    hanging = createServer(() => {
      /* accepts and never answers */
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('a node that never answers → 503 RPC_TIMEOUT within the configured time-out', async () => {
    const port = (hanging.address() as AddressInfo).port;
    const other = await startTestServer({
      RPC_URL_DEVNET: `http://127.0.0.1:${port}`,
      RPC_TIMEOUT_MS: '400',
    });
    try {
      const started = Date.now();
      const res = await other.call(`/wallet/balance/${walletAccount().address}?chain=devnet`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('RPC_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await other.close();
    }
  });

  it('a node answering HTTP 500 → 5xx with a code; the RPC URL (key in the path) is in neither body nor logs', async () => {
    const failing = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream failure');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const port = (failing.address() as AddressInfo).port;
    const other = await startTestServer({
      RPC_URL_DEVNET: `http://user:pw-SECRET@127.0.0.1:${port}/v3/KEY-SECRET-123`,
    });
    try {
      const res = await other.call(`/wallet/balance/${walletAccount().address}?chain=devnet`);
      expect([502, 503]).toContain(res.status);
      const text = await res.text();
      expect(JSON.parse(text).code).toMatch(/^RPC_(ERROR|UNAVAILABLE)$/);
      expect(text).not.toContain('SECRET');
      // The failure is logged (with its redacted cause), the URL is not.
      expect(other.logs()).toContain('request failed');
      expect(other.logs()).not.toContain('SECRET');
    } finally {
      await other.close();
      failing.closeAllConnections();
      await new Promise((resolve) => failing.close(resolve));
    }
  });

  it('a node that is down → 503 RPC_UNAVAILABLE, and the RPC URL is not echoed', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://user:secret@127.0.0.1:${port}`;
    const other = await startTestServer({ RPC_URL_DEVNET: url });
    try {
      const res = await other.call(`/wallet/balance/${walletAccount().address}?chain=devnet`);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ code: 'RPC_UNAVAILABLE' });
      expect(text).not.toContain('secret');
      expect(other.logs()).not.toContain('secret');
    } finally {
      await other.close();
    }
  });
});

describe('the node must serve the chain it is configured for', () => {
  it('RPC_URL_BASE pointing at the devnet (chain 31337) → 502 RPC_CHAIN_MISMATCH, never a "base" balance', async () => {
    const other = await startTestServer({ RPC_URL_DEVNET: devnet.rpcUrl, RPC_URL_BASE: devnet.rpcUrl });
    try {
      const address = walletAccount().address;
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await other.call(`/wallet/balance/${address}?chain=base`);
        expect(res.status).toBe(502);
        expect(((await res.json()) as { code: string }).code).toBe('RPC_CHAIN_MISMATCH');
      }
      // The same node under its real chain is fine.
      const ok = await other.call(`/wallet/balance/${address}?chain=devnet`);
      expect(ok.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('POST /wallet/create (enabled)', () => {
  it('returns a new address with its key once; the key is not logged and not cached', async () => {
    const res = await server.call('/wallet/create', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { address: string; privateKey: string; warning: string };
    expect(new Wallet(body.privateKey).address).toBe(body.address);
    expect(body.warning).toMatch(/HTTPS/);
    expect(server.logs()).not.toContain(body.privateKey.slice(2));
    const again = (await (await server.call('/wallet/create', { method: 'POST' })).json()) as {
      address: string;
    };
    expect(again.address).not.toBe(body.address);
  });
});
