import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { Interface, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregate3 } from './aggregate3.js';
import { decodeUint256 } from './decodeUint256.js';
import { multicall3BlockNumberCall } from './multicall3BlockNumberCall.js';
import { multicall3EthBalanceCall } from './multicall3EthBalanceCall.js';

const erc20 = new Interface(['function balanceOf(address) view returns (uint256)', 'function nope()']);
let devnet: StartDevnetReturnType;
let provider: JsonRpcProvider;

beforeAll(async () => {
  devnet = await startDevnet();
  provider = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  provider?.destroy();
  await devnet?.stop();
});

describe('aggregate3', () => {
  it('reads many values in one eth_call, each equal to a direct read, with failures reported per call', async () => {
    const { multicall3 } = devnet.manifest.contracts;
    const { usdc, dai } = devnet.manifest.tokens;
    const owner = devnet.manifest.accounts[0]!.address;
    let calls = 0;
    const counting = {
      send: (m: string, p: unknown[]) => {
        calls++;
        return provider.send(m, p);
      },
    };
    const results = await aggregate3({
      provider: counting,
      chainId: 31337,
      multicall3,
      calls: [
        multicall3BlockNumberCall(multicall3),
        multicall3EthBalanceCall(multicall3, owner),
        {
          target: usdc.address,
          callData: erc20.encodeFunctionData('balanceOf', [owner]) as `0x${string}`,
          allowFailure: true,
        },
        {
          target: dai.address,
          callData: erc20.encodeFunctionData('nope', []) as `0x${string}`,
          allowFailure: true,
        },
      ],
    });
    expect(calls).toBe(1);
    expect(results).toHaveLength(4);
    expect(decodeUint256(results[0]!.returnData)).toBe(BigInt(await provider.getBlockNumber()));
    expect(decodeUint256(results[1]!.returnData)).toBe(await provider.getBalance(owner));
    const direct = await provider.call({
      to: usdc.address,
      data: erc20.encodeFunctionData('balanceOf', [owner]),
    });
    expect(results[2]).toEqual({ success: true, returnData: direct });
    expect(results[3]!.success).toBe(false);
    expect(decodeUint256(results[3]!.returnData)).toBeNull();
  });

  it('an address without Multicall3 → RPC_ERROR, never an empty or made-up answer', async () => {
    await expect(
      aggregate3({
        provider,
        chainId: 31337,
        multicall3: devnet.manifest.tokens.usdc.address,
        calls: [multicall3BlockNumberCall(devnet.manifest.contracts.multicall3)],
      }),
    ).rejects.toMatchObject({ code: 'RPC_ERROR' });
  });

  it('no calls → no request', async () => {
    const never = { send: () => Promise.reject(new Error('must not be called')) };
    await expect(
      aggregate3({
        provider: never,
        chainId: 1,
        multicall3: devnet.manifest.contracts.multicall3,
        calls: [],
      }),
    ).resolves.toEqual([]);
  });
});

describe('decodeUint256', () => {
  it('decodes exactly one word and refuses anything else', () => {
    expect(decodeUint256(`0x${'0'.repeat(63)}5`)).toBe(5n);
    expect(decodeUint256('0x')).toBeNull();
    expect(decodeUint256(`0x${'0'.repeat(128)}`)).toBeNull();
  });
});
