import { parseEther } from '@org/governor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SwapDevnet, startSwapDevnet } from '../../swap/testing/startSwapDevnet.js';
import { priceInNative } from './priceInNative.js';

let env: SwapDevnet;
beforeAll(async () => {
  env = await startSwapDevnet();
});
afterAll(async () => {
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('priceInNative', () => {
  it('values the same token twice at each amount (never the first amount twice), still in one round trip', async () => {
    const { usdc } = env.devnet.manifest.tokens;
    let calls = 0;
    const counting = {
      send: (m: string, p: unknown[]) => {
        calls++;
        return env.provider.send(m, p);
      },
    };
    const single = async (amount: bigint) =>
      (
        await priceInNative({
          provider: env.provider,
          chain: env.chain,
          amounts: [{ token: usdc.address, amount }],
          minLiquidityWei: parseEther('10'),
        })
      ).totalWei as bigint;
    const small = await single(100_000_000n);
    const large = await single(10_000_000_000n);
    expect(large).toBeGreaterThan(small * 99n);
    const both = await priceInNative({
      provider: counting,
      chain: env.chain,
      amounts: [
        { token: usdc.address, amount: 100_000_000n },
        { token: usdc.address, amount: 0n },
        { token: usdc.address, amount: 10_000_000_000n },
      ],
      minLiquidityWei: parseEther('10'),
    });
    expect(calls).toBe(1);
    expect(both.items.map((i) => i.valueWei)).toEqual([small, 0n, large]);
    expect(both.totalWei).toBe(small + large);
  });
});
