import { AbiCoder, getCreate2Address, Interface, keccak256, solidityPackedKeccak256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { multicall3Interface } from '../../multicall/multicall3Interface.js';
import {
  priceInNative,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  UNISWAP_V3_POOL_INIT_CODE_HASH,
} from './priceInNative.js';

// The pricing rules, exactly, in process: a JSON-RPC node that answers Multicall3's `aggregate3` in its real ABI
// (each pool's `getReserves` / `slot0` and WETH's `balanceOf(pool)` from a table, anything else reverting). The
// devnet test (priceInNative.test.ts) shows the same reads against real Uniswap pools. Pool addresses are derived
// here independently (ethers' packed and ABI encodings), so a wrong pool address is a missing pool.
const chain = resolveChain({ chain: 1 });
const WETH = chain.contracts.wrappedNative as Address;
const LOW = '0x1000000000000000000000000000000000000001' as Address; // < WETH: token0 of its pools
const HIGH = '0xf00000000000000000000000000000000000000f' as Address; // > WETH: token1 of its pools
const Q96 = 1n << 96n;
const Q192 = 1n << 192n;
const E18 = 10n ** 18n;

const pools = new Interface([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24, uint16, uint16, uint16, uint8, bool)',
  'function balanceOf(address) view returns (uint256)',
]);
const abi = AbiCoder.defaultAbiCoder();

const order = (token: Address): [Address, Address] =>
  BigInt(token) < BigInt(WETH) ? [token, WETH] : [WETH, token];
const v2Pair = (token: Address) =>
  getCreate2Address(
    chain.contracts.uniswapV2?.factory as string,
    solidityPackedKeccak256(['address', 'address'], order(token)),
    UNISWAP_V2_PAIR_INIT_CODE_HASH,
  ).toLowerCase();
const v3Pool = (token: Address, fee: number) =>
  getCreate2Address(
    chain.contracts.uniswapV3?.factory as string,
    keccak256(abi.encode(['address', 'address', 'uint24'], [...order(token), fee])),
    UNISWAP_V3_POOL_INIT_CODE_HASH,
  ).toLowerCase();

/** What the chain holds: V2 reserves, V3 prices and WETH balances by pool address (lower case). */
interface World {
  reserves?: Record<string, readonly [bigint, bigint]>;
  sqrtPrice?: Record<string, bigint>;
  wethBalance?: Record<string, bigint>;
  /** Raw answers that override the table (`null` = the call reverts). */
  raw?: Record<string, string | null>;
}

/** A node answering `eth_call` to Multicall3; it records each batch's calls and block tag. */
function node(world: World) {
  const batches: { targets: string[]; selectors: string[]; tag: unknown }[] = [];
  const provider: RpcSender = {
    send: async (method, params) => {
      const [tx, tag] = params as [{ to: string; data: string }, unknown];
      expect(method).toBe('eth_call');
      expect(tx.to.toLowerCase()).toBe(chain.contracts.multicall3?.toLowerCase());
      const [calls] = multicall3Interface.decodeFunctionData('aggregate3', tx.data) as unknown as [
        [string, boolean, string][],
      ];
      batches.push({
        targets: calls.map(([t]) => t.toLowerCase()),
        selectors: calls.map(([, , d]) => d.slice(0, 10)),
        tag,
      });
      const answers = calls.map(([target, allowFailure, data]) => {
        expect(allowFailure).toBe(true);
        const to = target.toLowerCase();
        const call = pools.parseTransaction({ data });
        let key = `${call?.name}:${to}`;
        if (call?.name === 'balanceOf') key = `balanceOf:${String(call.args[0]).toLowerCase()}`;
        if (world.raw && key in world.raw) {
          const raw = world.raw[key];
          return raw === null ? [false, '0x'] : [true, raw];
        }
        if (call?.name === 'getReserves' && world.reserves?.[to]) {
          return [true, pools.encodeFunctionResult('getReserves', [...world.reserves[to], 1])];
        }
        if (call?.name === 'slot0' && world.sqrtPrice?.[to] !== undefined) {
          return [true, pools.encodeFunctionResult('slot0', [world.sqrtPrice[to], 0, 0, 0, 0, 0, true])];
        }
        if (call?.name === 'balanceOf' && to === WETH.toLowerCase()) {
          const pool = String(call.args[0]).toLowerCase();
          return [true, abi.encode(['uint256'], [world.wethBalance?.[pool] ?? 0n])];
        }
        return [false, '0x']; // no contract there: the call reverts
      });
      return multicall3Interface.encodeFunctionResult('aggregate3', [answers]);
    },
  };
  return { provider, batches };
}

const price = (world: World, amounts: { token: Address; amount: bigint }[], minLiquidityWei = 10n * E18) => {
  const { provider, batches } = node(world);
  return { batches, result: priceInNative({ provider, chain, amounts, minLiquidityWei }) };
};

describe('priceInNative: the pricing rules', () => {
  it('V2: amount × WETH reserve ÷ token reserve (floor), read the right way round for token0 and token1', async () => {
    // LOW is token0 (reserves: token, WETH); HIGH is token1 (reserves: WETH, token).
    const world: World = {
      reserves: { [v2Pair(LOW)]: [3_000n * E18, 20n * E18], [v2Pair(HIGH)]: [40n * E18, 7n * E18] },
    };
    const { result } = price(world, [
      { token: LOW, amount: 10n ** 18n + 1n },
      { token: HIGH, amount: 5n },
    ]);
    const { totalWei, items, reason } = await result;
    const low = ((10n ** 18n + 1n) * 20n * E18) / (3_000n * E18);
    const high = (5n * 40n * E18) / (7n * E18);
    expect(items.map((i) => i.valueWei)).toEqual([low, high]);
    expect(totalWei).toBe(low + high);
    expect(reason).toBeNull();
    expect(items[0]?.route).toEqual({
      protocol: 'v2',
      pool: getCreate2Address(
        chain.contracts.uniswapV2?.factory as string,
        solidityPackedKeccak256(['address', 'address'], order(LOW)),
        UNISWAP_V2_PAIR_INIT_CODE_HASH,
      ),
      fee: null,
      valueWei: low,
      liquidityWei: 20n * E18,
      usable: true,
    });
  });

  it('V3: amount × price (token1 per token0, from sqrtPriceX96) the right way round; liquidity is the pool’s WETH', async () => {
    const sqrtLow = 3n * Q96 + 12_345n; // WETH per LOW ≈ 9
    const sqrtHigh = Q96 / 7n; // HIGH per WETH ≈ 1/49: one HIGH ≈ 49 WETH
    const world: World = {
      sqrtPrice: { [v3Pool(LOW, 3000)]: sqrtLow, [v3Pool(HIGH, 500)]: sqrtHigh },
      wethBalance: { [v3Pool(LOW, 3000)]: 11n * E18, [v3Pool(HIGH, 500)]: 12n * E18 },
    };
    const { result } = price(world, [
      { token: LOW, amount: 7n * E18 + 3n },
      { token: HIGH, amount: 2n * E18 + 1n },
    ]);
    const { totalWei, items } = await result;
    const low = ((7n * E18 + 3n) * sqrtLow * sqrtLow) / Q192;
    const high = ((2n * E18 + 1n) * Q192) / (sqrtHigh * sqrtHigh);
    expect(items.map((i) => i.valueWei)).toEqual([low, high]);
    expect(totalWei).toBe(low + high);
    expect(items[0]?.route).toMatchObject({
      protocol: 'v3',
      fee: 3000,
      liquidityWei: 11n * E18,
      usable: true,
    });
    expect(items[1]?.route).toMatchObject({
      protocol: 'v3',
      fee: 500,
      liquidityWei: 12n * E18,
      usable: true,
    });
    expect(items[1]?.route?.pool.toLowerCase()).toBe(v3Pool(HIGH, 500));
  });

  it('the liquidity floor is inclusive: a pool with exactly the floor prices, one wei less is listed but not used', async () => {
    const floor = 10n * E18;
    const world: World = {
      reserves: { [v2Pair(LOW)]: [100n, floor], [v2Pair(HIGH)]: [floor - 1n, 100n] },
      sqrtPrice: { [v3Pool(LOW, 10_000)]: Q96 * 1000n, [v3Pool(HIGH, 10_000)]: Q96 },
      wethBalance: { [v3Pool(LOW, 10_000)]: floor - 1n, [v3Pool(HIGH, 10_000)]: floor },
    };
    const { result } = price(world, [{ token: LOW, amount: 1n }], floor);
    const { items } = await result;
    // LOW: the V2 pair (exactly the floor) prices; the far richer V3 pool (one wei short) does not.
    expect(items[0]?.route).toMatchObject({ protocol: 'v2', usable: true, liquidityWei: floor });
    expect(items[0]?.valueWei).toBe(floor / 100n);
    expect(items[0]?.routes.map((r) => [r.protocol, r.fee, r.usable, r.valueWei])).toEqual([
      ['v2', null, true, floor / 100n],
      ['v3', 10_000, false, 1_000_000n],
    ]);
    const high = await price(world, [{ token: HIGH, amount: 3n }], floor).result;
    // HIGH: the V2 pair has floor − 1 WETH (unusable); the V3 pool holds exactly the floor.
    expect(high.items[0]?.route).toMatchObject({ protocol: 'v3', fee: 10_000, usable: true });
    expect(high.items[0]?.routes.find((r) => r.protocol === 'v2')).toMatchObject({
      usable: false,
      liquidityWei: floor - 1n,
    });
    expect(high.totalWei).toBe(3n);
  });

  it('where usable routes disagree the HIGHEST value is charged; an unusable higher one is not', async () => {
    const world: World = {
      reserves: { [v2Pair(LOW)]: [1_000n, 20n * E18] }, // 2e16 per unit
      sqrtPrice: {
        [v3Pool(LOW, 500)]: Q96 * 200_000_000n, // 4e16 per unit: the highest usable
        [v3Pool(LOW, 3000)]: Q96 * 100_000_000n, // 1e16 per unit
        [v3Pool(LOW, 10_000)]: Q96 * 1_000_000_000n, // 1e18 per unit, but thin
      },
      wethBalance: {
        [v3Pool(LOW, 500)]: 10n * E18,
        [v3Pool(LOW, 3000)]: 50n * E18,
        [v3Pool(LOW, 10_000)]: E18,
      },
    };
    const { result } = price(world, [{ token: LOW, amount: 10n }]);
    const { totalWei, items } = await result;
    expect(totalWei).toBe(10n * 4n * 10n ** 16n);
    expect(items[0]?.route).toMatchObject({ protocol: 'v3', fee: 500 });
    expect(items[0]?.routes.map((r) => r.valueWei)).toEqual([
      2n * 10n ** 17n,
      4n * 10n ** 17n,
      10n ** 17n,
      10n ** 19n,
    ]);
    // Two usable routes of the same value: the first found is reported, the value is the same.
    const tie = await price(
      {
        reserves: { [v2Pair(LOW)]: [1n, 4n * 10n ** 20n] },
        sqrtPrice: { [v3Pool(LOW, 500)]: Q96 * 2n * 10n ** 10n },
        wethBalance: { [v3Pool(LOW, 500)]: 20n * E18 },
      },
      [{ token: LOW, amount: 1n }],
    ).result;
    expect(tie.items[0]?.routes.map((r) => r.valueWei)).toEqual([4n * 10n ** 20n, 4n * 10n ** 20n]);
    expect(tie.items[0]?.route?.protocol).toBe('v2');
    expect(tie.totalWei).toBe(4n * 10n ** 20n);
  });

  it('a token with no usable route makes the total unknown (never 0), with the reason; the other items keep their value', async () => {
    const world: World = { reserves: { [v2Pair(LOW)]: [1n, 20n * E18] } };
    const { result } = price(world, [
      { token: LOW, amount: 2n },
      { token: HIGH, amount: 1n },
      { token: WETH, amount: 4n },
    ]);
    const { totalWei, items, reason } = await result;
    expect(totalWei).toBeNull();
    expect(items.map((i) => i.valueWei)).toEqual([40n * E18, null, 4n]);
    expect(items[1]?.route).toBeNull();
    expect(items[1]?.routes).toEqual([]);
    expect(reason).toContain(HIGH);
    // A later known item does not bring the total back.
    const later = await price(world, [
      { token: HIGH, amount: 1n },
      { token: LOW, amount: 2n },
    ]).result;
    expect(later.totalWei).toBeNull();
    expect(later.reason).toContain(HIGH);
  });

  it('a pool that answers nothing usable is no route: reverted, short, empty reserves, zero price', async () => {
    const word = (n: bigint) => abi.encode(['uint256'], [n]);
    const world: World = {
      raw: {
        [`getReserves:${v2Pair(LOW)}`]: word(5n), // one word: not reserves
        [`slot0:${v3Pool(LOW, 500)}`]: null, // reverts
        [`slot0:${v3Pool(LOW, 3000)}`]: '0x1234', // shorter than a word
        [`slot0:${v3Pool(LOW, 10_000)}`]: word(0n), // no price
        [`balanceOf:${v3Pool(LOW, 500)}`]: word(100n * E18),
        [`balanceOf:${v3Pool(LOW, 3000)}`]: word(100n * E18),
        [`balanceOf:${v3Pool(LOW, 10_000)}`]: word(100n * E18),
        // HIGH is token1: reserve0 is the WETH side, here empty.
        [`getReserves:${v2Pair(HIGH)}`]: abi.encode(['uint112', 'uint112', 'uint32'], [0n, 100n * E18, 1]),
      },
      sqrtPrice: { [v3Pool(HIGH, 500)]: Q96 },
      // HIGH's V3 pool has a price but its WETH balance read fails: no liquidity.
    };
    const { result } = price(world, [{ token: LOW, amount: 1n }], 0n);
    expect((await result).items[0]?.routes).toEqual([]);
    const high = await price(
      { ...world, raw: { ...world.raw, [`balanceOf:${v3Pool(HIGH, 500)}`]: null } },
      [{ token: HIGH, amount: 1n }],
      1n,
    ).result;
    expect(high.items[0]?.routes).toHaveLength(1);
    expect(high.items[0]?.routes[0]).toMatchObject({ protocol: 'v3', liquidityWei: 0n, usable: false });
    expect(high.totalWei).toBeNull();
    // A token reserve of 0 (nothing to divide by) is no route either.
    const empty = await price(
      { reserves: { [v2Pair(LOW)]: [0n, 100n * E18] } },
      [{ token: LOW, amount: 1n }],
      0n,
    ).result;
    expect(empty.items[0]?.routes).toEqual([]);
  });

  it('reads every pool of a token once, in ONE round trip, however often the token is listed; each amount is valued alone', async () => {
    // LOW is token0 (token, WETH); HIGH is token1 (WETH, token).
    const world: World = { reserves: { [v2Pair(LOW)]: [3n, 12n * E18], [v2Pair(HIGH)]: [50n * E18, 2n] } };
    const { result, batches } = price(world, [
      { token: HIGH, amount: 1n },
      { token: LOW, amount: 3n },
      { token: HIGH.toUpperCase().replace('0X', '0x') as Address, amount: 2n },
    ]);
    const { items, totalWei } = await result;
    expect(batches).toHaveLength(1);
    // Per token: one V2 pair, three V3 pools (slot0 + WETH balance each) = 7 calls.
    expect(batches[0]?.targets).toHaveLength(14);
    expect(batches[0]?.targets.slice(0, 7)).toEqual([
      v2Pair(HIGH),
      v3Pool(HIGH, 500),
      WETH.toLowerCase(),
      v3Pool(HIGH, 3000),
      WETH.toLowerCase(),
      v3Pool(HIGH, 10_000),
      WETH.toLowerCase(),
    ]);
    expect(batches[0]?.targets[7]).toBe(v2Pair(LOW));
    expect(batches[0]?.tag).toBe('latest');
    expect(items.map((i) => i.valueWei)).toEqual([25n * E18, 12n * E18, 50n * E18]);
    expect(items[2]?.route).toMatchObject({ protocol: 'v2', valueWei: 50n * E18 });
    expect(totalWei).toBe(87n * E18);
  });

  it('reads at the block asked for', async () => {
    const { provider, batches } = node({ reserves: { [v2Pair(LOW)]: [1n, 20n * E18] } });
    await priceInNative({
      provider,
      chain,
      amounts: [{ token: LOW, amount: 1n }],
      minLiquidityWei: 1n,
      blockTag: 255n,
      timeoutMs: 5_000,
    });
    expect(batches[0]?.tag).toBe('0xff');
  });

  it('the wrapped native counts 1:1 and a zero amount as 0, with no read at all when nothing else is asked', async () => {
    const silent: RpcSender = { send: () => Promise.reject(new Error('no request expected')) };
    const priced = await priceInNative({
      provider: silent,
      chain,
      amounts: [
        { token: WETH.toLowerCase() as Address, amount: 5n },
        { token: LOW, amount: 0n },
        { token: WETH, amount: 7n },
      ],
      minLiquidityWei: 1n,
    });
    expect(priced).toEqual({
      totalWei: 12n,
      reason: null,
      items: [
        { token: WETH.toLowerCase(), amount: 5n, valueWei: 5n, routes: [], route: null },
        { token: LOW, amount: 0n, valueWei: 0n, routes: [], route: null },
        { token: WETH, amount: 7n, valueWei: 7n, routes: [], route: null },
      ],
    });
    // Mixed with a priced token, they keep those values, need no pool, and count in the total.
    const { result } = price({ reserves: { [v2Pair(HIGH)]: [20n * E18, 10n * E18] } }, [
      { token: WETH, amount: 5n },
      { token: LOW, amount: 0n },
      { token: HIGH, amount: 3n },
    ]);
    const mixed = await result;
    expect(mixed.items.map((i) => [i.valueWei, i.route])).toEqual([
      [5n, null],
      [0n, null],
      [6n, mixed.items[2]?.route],
    ]);
    expect(mixed.totalWei).toBe(11n);
  });

  it('only the configured protocols are read; with no pools, no Multicall3 or no wrapped native nothing else has a value', async () => {
    const v2only = { ...chain, contracts: { ...chain.contracts, uniswapV3: null } };
    const { provider, batches } = node({ reserves: { [v2Pair(LOW)]: [1n, 20n * E18] } });
    const a = await priceInNative({
      provider,
      chain: v2only,
      amounts: [{ token: LOW, amount: 1n }],
      minLiquidityWei: 1n,
    });
    expect(batches[0]?.selectors).toEqual([pools.getFunction('getReserves')?.selector]);
    expect(a.totalWei).toBe(20n * E18);
    const v3only = { ...chain, contracts: { ...chain.contracts, uniswapV2: null } };
    const three = node({ sqrtPrice: { [v3Pool(LOW, 500)]: Q96 }, wethBalance: { [v3Pool(LOW, 500)]: E18 } });
    const b = await priceInNative({
      provider: three.provider,
      chain: v3only,
      amounts: [{ token: LOW, amount: 9n }],
      minLiquidityWei: 1n,
    });
    expect(three.batches[0]?.targets).toHaveLength(6);
    expect(b.totalWei).toBe(9n);

    const silent: RpcSender = { send: () => Promise.reject(new Error('no request expected')) };
    for (const contracts of [
      { ...chain.contracts, uniswapV2: null, uniswapV3: null },
      { ...chain.contracts, multicall3: null },
      { ...chain.contracts, wrappedNative: null },
    ]) {
      const bare = await priceInNative({
        provider: silent,
        chain: { ...chain, contracts },
        amounts: [
          { token: WETH, amount: 5n },
          { token: LOW, amount: 0n },
          { token: HIGH, amount: 1n },
        ],
        minLiquidityWei: 1n,
      });
      expect(bare.totalWei).toBeNull();
      expect(bare.reason).toMatch(/no pricing configuration/);
      expect(bare.items.map((i) => [i.valueWei, i.routes, i.route])).toEqual([
        [contracts.wrappedNative === null ? null : 5n, [], null],
        [0n, [], null],
        [null, [], null],
      ]);
    }
  });
});
