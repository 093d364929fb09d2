import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';

const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** The same address with one letter's case flipped: a bad EIP-55 checksum. */
const BAD_CHECKSUM = '0xa0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

let devnet: StartDevnetReturnType;
let noChains: TestServer;

beforeAll(async () => {
  devnet = await startDevnet();
  // GoPlus/DexScreener unreachable: reports are built (unsafe), which is all these tests need.
  noChains = await startTestServer({
    GOPLUS_BASE_URL: 'http://127.0.0.1:9',
    DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
    PROVIDER_TIMEOUT_MS: '200',
  });
});
afterAll(async () => {
  await noChains?.close();
  await devnet?.stop();
});

async function problem(
  res: Response,
): Promise<{ status: number; code: string; title: string; fields?: unknown }> {
  const body = (await res.json()) as { code: string; title: string; fields?: unknown };
  return { status: res.status, code: body.code, title: body.title, fields: body.fields };
}

describe('one chain registry behind every endpoint', () => {
  const A = '0x0000000000000000000000000000000000000001';

  it('an unknown chain gives the same status, code and message on every endpoint', async () => {
    const answers = await Promise.all(
      [
        '/wallet/info?chain=atlantis',
        `/wallet/balance/${A}?chain=atlantis`,
        `/security/token?chain=atlantis&address=${USDC_MAINNET}`,
      ].map(async (path) => problem(await noChains.call(path))),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 422,
        code: 'UNSUPPORTED_CHAIN',
        title: 'Unsupported chain: atlantis',
        fields: undefined,
      });
    }
  });

  it('an empty chain is VALIDATION_FAILED naming the field, on every endpoint', async () => {
    for (const path of [
      '/wallet/info?chain=',
      `/wallet/balance/${A}?chain=`,
      `/security/token?chain=&address=${USDC_MAINNET}`,
    ]) {
      const answer = await problem(await noChains.call(path));
      expect(answer).toMatchObject({
        status: 422,
        code: 'VALIDATION_FAILED',
        fields: { chain: expect.any(String) },
      });
    }
  });

  it('aliases are known everywhere: eth is Ethereum (not configured here), sepolia reaches the security report', async () => {
    expect(await problem(await noChains.call('/wallet/info?chain=eth'))).toMatchObject({
      status: 422,
      code: 'CHAIN_NOT_CONFIGURED',
    });
    const sepolia = await noChains.call(`/security/token?chain=sepolia&address=${USDC_MAINNET}`);
    expect(sepolia.status).toBe(200);
    const report = (await sepolia.json()) as { chain: { id: number; name: string }; isSafe: boolean };
    expect(report.chain).toMatchObject({ id: 11155111, name: 'sepolia' });
    expect(report.isSafe).toBe(false);
    const eth = await noChains.call(`/security/token?chain=eth&address=${USDC_MAINNET}`);
    expect(((await eth.json()) as { chain: { id: number } }).chain.id).toBe(1);
  });

  it('one address parser: a bad EIP-55 checksum or surrounding white space is INVALID_ADDRESS on every endpoint', async () => {
    for (const address of [BAD_CHECKSUM, ` ${USDC_MAINNET}`, `${USDC_MAINNET} `]) {
      const encoded = encodeURIComponent(address);
      const balance = await problem(await noChains.call(`/wallet/balance/${encoded}?chain=ethereum`));
      const security = await problem(
        await noChains.call(`/security/token?chain=ethereum&address=${encoded}`),
      );
      expect(balance).toMatchObject({ status: 422, code: 'INVALID_ADDRESS' });
      expect(security).toMatchObject({ status: 422, code: 'INVALID_ADDRESS' });
    }
  });
});

describe('default chain', () => {
  it('with exactly one configured chain, omitting chain uses it', async () => {
    const server = await startTestServer({
      RPC_URL_DEVNET: devnet.rpcUrl,
      WALLET_PRIVATE_KEY: devnet.manifest.accounts[1]!.privateKey,
    });
    try {
      const res = await server.call('/wallet/info');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { chain: unknown }).chain).toEqual({ id: 31337, name: 'devnet' });
    } finally {
      await server.close();
    }
  });

  it('with several chains, DEFAULT_CHAIN picks one; without it, chain is required', async () => {
    const env = {
      RPC_URL_DEVNET: devnet.rpcUrl,
      RPC_URL_SEPOLIA: 'http://127.0.0.1:9',
      WALLET_PRIVATE_KEY: devnet.manifest.accounts[1]!.privateKey,
    };
    const withDefault = await startTestServer({ ...env, DEFAULT_CHAIN: 'anvil' });
    const without = await startTestServer(env);
    try {
      const res = await withDefault.call(`/wallet/balance/${devnet.manifest.accounts[2]!.address}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { chain: unknown }).chain).toEqual({ id: 31337, name: 'devnet' });
      expect(await problem(await without.call('/wallet/info'))).toMatchObject({
        status: 422,
        code: 'VALIDATION_FAILED',
        fields: { chain: expect.stringContaining('DEFAULT_CHAIN') },
      });
    } finally {
      await Promise.all([withDefault.close(), without.close()]);
    }
  });
});
