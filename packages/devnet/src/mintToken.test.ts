import type { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAt, localProvider, tagSpawnedProcesses, waitForNoTaggedProcesses } from '../test/helpers.js';
import { erc20Abi } from './abis.js';
import { mintToken } from './mintToken.js';
import { type StartDevnetReturnType, startDevnet } from './startDevnet.js';

const tag = tagSpawnedProcesses();
let devnet: StartDevnetReturnType;
let provider: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  provider = localProvider(devnet);
});
afterAll(async () => {
  provider?.destroy();
  await devnet?.stop();
  expect(await waitForNoTaggedProcesses(tag, 5_000)).toEqual([]);
});

describe('mintToken', () => {
  it('mints test tokens to any address (by DevnetToken or by address)', async () => {
    const to = devnet.manifest.accounts[9]!.address;
    const { wbtc, dai } = devnet.manifest.tokens;
    const { hash } = await mintToken({ devnet, token: wbtc, to, amount: 123_456_789n });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await mintToken({ devnet, token: dai.address, to, amount: 7n });
    expect(await contractAt(wbtc.address, erc20Abi, provider).balanceOf(to)).toBe(123_456_789n);
    expect(await contractAt(dai.address, erc20Abi, provider).balanceOf(to)).toBe(7n);
  });

  it('fails with a typed error for a token without mint (WETH) and for invalid input', async () => {
    const to = devnet.manifest.accounts[9]!.address;
    await expect(
      mintToken({ devnet, token: devnet.manifest.contracts.weth, to, amount: 1n }),
    ).rejects.toMatchObject({
      parameter: 'token',
    });
    // A contract without mint (the V2 factory has no fallback either) reverts: typed error, not a silent no-op.
    const factory = devnet.manifest.contracts.uniswapV2Factory;
    await expect(mintToken({ devnet, token: factory, to, amount: 1n })).rejects.toMatchObject({
      code: 'DEVNET_DEPLOYMENT_FAILED',
    });
    const token = devnet.manifest.tokens.usdc;
    await expect(mintToken({ devnet, token, to, amount: -1n })).rejects.toMatchObject({
      parameter: 'amount',
    });
    // Zero is refused up front: a zero balance change cannot prove that a mint happened.
    await expect(mintToken({ devnet, token, to, amount: 0n })).rejects.toMatchObject({
      code: 'DEVNET_INVALID_PARAMETER',
      parameter: 'amount',
    });
    await expect(mintToken({ devnet, token, to: '0x1234', amount: 1n })).rejects.toMatchObject({
      parameter: 'to',
    });
    await expect(
      mintToken({ devnet, token: '0xnope' as `0x${string}`, to, amount: 1n }),
    ).rejects.toMatchObject({
      parameter: 'token',
    });
  });
});
