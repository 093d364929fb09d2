import { Interface } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { aggregate3Batched } from './aggregate3Batched.js';
import { decodeUint256 } from './decodeUint256.js';

let env: SwapDevnet;
beforeAll(async () => {
  env = await startSwapDevnet();
});
afterAll(async () => {
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('aggregate3Batched', () => {
  it('11 calls in batches of 4 → 3 eth_calls, results in call order', async () => {
    const i = new Interface(['function decimals() view returns (uint8)']);
    const tokens = Object.values(env.devnet.manifest.tokens);
    const calls = Array.from({ length: 11 }, (_, n) => ({
      target: tokens[n % tokens.length]!.address,
      callData: i.encodeFunctionData('decimals') as `0x${string}`,
      allowFailure: true,
    }));
    let sent = 0;
    const { results, batches } = await aggregate3Batched({
      provider: {
        send: (m, p) => {
          sent++;
          return env.provider.send(m, p);
        },
      },
      chainId: 31337,
      multicall3: env.chain.contracts.multicall3 as `0x${string}`,
      calls,
      batchSize: 4,
      concurrency: 2,
    });
    expect(batches).toBe(3);
    expect(sent).toBe(3);
    expect(results.map((r) => Number(decodeUint256(r.returnData)))).toEqual(
      calls.map((_, n) => tokens[n % tokens.length]!.decimals),
    );
  });

  it('refuses a batch size or concurrency below 1', async () => {
    const base = {
      provider: env.provider,
      chainId: 31337,
      multicall3: env.chain.contracts.multicall3 as `0x${string}`,
    };
    await expect(aggregate3Batched({ ...base, calls: [], batchSize: 0 })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
    });
    await expect(aggregate3Batched({ ...base, calls: [], concurrency: 0 })).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
    });
  });
});
