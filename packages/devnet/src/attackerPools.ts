// The scenarios of the pricing review finding on a devnet, for the tests of @org/chain-evm and the API server: a
// token X liquid only against USDC, and the attacker's X/WETH 1% V3 pool priced near zero.
import { Contract, type ContractTransactionResponse, type JsonRpcProvider, MaxUint256, Wallet } from 'ethers';
import { erc20Abi, nonfungiblePositionManagerAbi, uniswapV2RouterAbi, wethAbi } from './abis.js';
import { encodeSqrtPriceX96 } from './encodeSqrtPriceX96.js';
import type { StartDevnetReturnType } from './startDevnet.js';
import { waitMined } from './waitMined.js';

type Address = `0x${string}`;

const E18 = 10n ** 18n;
const FEE = 10_000; // the 1% tier, tick spacing 200
const SPACING = 200;
const poolAbi = ['function slot0() view returns (uint160, int24 tick, uint16, uint16, uint16, uint8, bool)'];
const factoryAbi = ['function getPool(address, address, uint24) view returns (address)'];

/** How the attacker makes the pool look liquid. */
export type AttackerPoolVariant =
  /** ≥ 10 WETH as a one-sided position just past the price on the sell side: out of range, never traded. */
  | 'out-of-range'
  /** A dust position in range, and WETH simply transferred to the pool. */
  | 'transfer'
  /** 500 WETH really in range, at the near-zero price — but the pool is new: no TWAP for the window. */
  | 'fresh-in-range';

interface Scene {
  readonly devnet: StartDevnetReturnType;
  readonly provider: JsonRpcProvider;
}

async function send(call: Promise<ContractTransactionResponse>): Promise<void> {
  await waitMined(call);
}

/** Sends with the estimate +50% (anvil estimates at the latest block's timestamp; pools write more when it moves). */
async function sendWithMargin(
  contract: Contract,
  method: string,
  args: unknown[],
  value = 0n,
): Promise<void> {
  const fn = contract.getFunction(method);
  const gas = await fn.estimateGas(...args, { value });
  await send(fn(...args, { value, gasLimit: (gas * 3n) / 2n }));
}

/**
 * Gives token X (the devnet's pool-less LONE) one deep X/USDC V2 pair — 30,000,000 X : 3,000,000 USDC, so
 * 1 X = 0.1 USD ≈ 0.0000333 WETH — and no pool against WETH. Returns X.
 *
 * @example
 * ```ts
 * const x = await listOnUsdcOnly({ devnet, provider });
 * ```
 */
export async function listOnUsdcOnly({ devnet, provider }: Scene): Promise<Address> {
  const { tokens, contracts, accounts } = devnet.manifest;
  const x = tokens.lonely.address as Address;
  const lp = new Wallet(accounts[6]!.privateKey, provider);
  const amounts: [Address, bigint][] = [
    [x, 30_000_000n * E18],
    [tokens.usdc.address as Address, 3_000_000n * 10n ** 6n],
  ];
  for (const [token, amount] of amounts) {
    const erc20 = new Contract(token, erc20Abi, lp);
    await send(erc20.getFunction('mint')(lp.address, amount));
    await send(erc20.getFunction('approve')(contracts.uniswapV2Router02, amount));
  }
  const router = new Contract(contracts.uniswapV2Router02, uniswapV2RouterAbi, lp);
  await sendWithMargin(router, 'addLiquidity', [
    x,
    tokens.usdc.address,
    amounts[0]![1],
    amounts[1]![1],
    0n,
    0n,
    lp.address,
    MaxUint256,
  ]);
  return x;
}

/**
 * The attacker (devnet account 7) creates the X/WETH 1% V3 pool at 1 X = 10⁻⁹ WETH (≈ 30,000 times under its
 * USDC price) and makes it look liquid per `variant`. Returns the pool.
 *
 * @example
 * ```ts
 * const pool = await createAttackerPool({ devnet, provider, token: x, variant: 'out-of-range' });
 * ```
 */
export async function createAttackerPool({
  devnet,
  provider,
  token,
  variant,
}: Scene & { token: Address; variant: AttackerPoolVariant }): Promise<Address> {
  const { contracts, accounts } = devnet.manifest;
  const attacker = new Wallet(accounts[7]!.privateKey, provider);
  const weth = contracts.weth as Address;
  const wethIsToken0 = BigInt(weth) < BigInt(token);
  const [token0, token1] = wethIsToken0 ? [weth, token] : [token, weth];
  // Price = token1 per token0 in base units: 10⁻⁹ WETH per X.
  const sqrtPriceX96 = wethIsToken0
    ? encodeSqrtPriceX96({ amount0: 1n, amount1: 10n ** 9n })
    : encodeSqrtPriceX96({ amount0: 10n ** 9n, amount1: 1n });
  const npm = new Contract(contracts.uniswapV3PositionManager, nonfungiblePositionManagerAbi, attacker);
  await sendWithMargin(npm, 'createAndInitializePoolIfNecessary', [token0, token1, FEE, sqrtPriceX96]);
  const pool = (await new Contract(contracts.uniswapV3Factory, factoryAbi, provider).getFunction('getPool')(
    token0,
    token1,
    FEE,
  )) as Address;
  const wethContract = new Contract(weth, wethAbi, attacker);
  const xContract = new Contract(token, erc20Abi, attacker);
  const wethNeeded = variant === 'fresh-in-range' ? 500n * E18 : 11n * E18;
  await send(wethContract.getFunction('deposit')({ value: wethNeeded }));
  await send(wethContract.getFunction('approve')(contracts.uniswapV3PositionManager, MaxUint256));
  await send(xContract.getFunction('mint')(attacker.address, 10n ** 30n));
  await send(xContract.getFunction('approve')(contracts.uniswapV3PositionManager, MaxUint256));
  const mint = async (tickLower: number, tickUpper: number, wethAmount: bigint, xAmount: bigint) => {
    const [amount0, amount1] = wethIsToken0 ? [wethAmount, xAmount] : [xAmount, wethAmount];
    await sendWithMargin(npm, 'mint', [
      [token0, token1, FEE, tickLower, tickUpper, amount0, amount1, 0n, 0n, attacker.address, MaxUint256],
    ]);
  };
  const fullRange = [
    Math.ceil(-887_272 / SPACING) * SPACING,
    Math.floor(887_272 / SPACING) * SPACING,
  ] as const;
  if (variant === 'out-of-range') {
    // Selling X moves the price towards this range: below the tick when WETH is token1, above when it is token0.
    const { tick } = (await new Contract(pool, poolAbi, provider).getFunction('slot0')()) as { tick: bigint };
    const t = Number(tick);
    const [lower, upper] = wethIsToken0
      ? [Math.ceil(t / SPACING) * SPACING + SPACING, Math.ceil(t / SPACING) * SPACING + 21 * SPACING]
      : [Math.floor(t / SPACING) * SPACING - 21 * SPACING, Math.floor(t / SPACING) * SPACING - SPACING];
    await mint(lower, upper, 10n * E18, 0n);
  } else if (variant === 'transfer') {
    await mint(fullRange[0], fullRange[1], 10n ** 12n, 10n ** 21n); // 0.000001 WETH : 1,000 X
    await send(wethContract.getFunction('transfer')(pool, 10n * E18));
  } else {
    await mint(fullRange[0], fullRange[1], 500n * E18, 500n * E18 * 10n ** 9n);
  }
  return pool;
}
