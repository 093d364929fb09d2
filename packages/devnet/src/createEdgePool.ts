// The second pricing review's G1 on a devnet: a V3 pool whose only in-range position ENDS at the spot and holds only
// the token, so `liquidity()` counts it in full while a sale into the pool is paid nothing by it.
import { Contract, type JsonRpcProvider, MaxUint256, Wallet } from 'ethers';
import { erc20Abi, nonfungiblePositionManagerAbi, wethAbi } from './abis.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { sqrtRatioAtTick } from './internal/sqrtRatioAtTick.js';
import type { StartDevnetReturnType } from './startDevnet.js';
import { waitMined } from './waitMined.js';

type Address = `0x${string}`;

const SPACINGS: Readonly<Record<number, number>> = { 500: 10, 3000: 60, 10000: 200 };
const factoryAbi = ['function getPool(address, address, uint24) view returns (address)'];

/** Parameters of {@link createEdgePool}. */
export interface CreateEdgePoolParameters {
  readonly devnet: StartDevnetReturnType;
  readonly provider: JsonRpcProvider;
  /** The token the pool is made for (any devnet token with an open `mint`). */
  readonly token: Address;
  /** The V3 fee tier: 500, 3000 or 10000 (tick spacing 10, 60, 200). */
  readonly fee: 500 | 3000 | 10_000;
  /** The pool's price as WETH wei per `perTokenUnits` base units of the token (rounded to a tick boundary). */
  readonly wethWei: bigint;
  readonly perTokenUnits: bigint;
  /** The token in the edge position (base units): the larger, the larger `liquidity()` looks. */
  readonly edgeTokenAmount: bigint;
  /** WETH in a position just past the edge (out of range: it catches a sale), 0 for none. */
  readonly catcherWei: bigint;
}

/**
 * The attacker (devnet account 7) creates the token/WETH V3 pool exactly on a tick boundary near the price asked,
 * and mints ONE tick spacing of the token only, whose range ends at the spot on the side a sale of the token moves
 * the price (WETH token1: the spot is its lower tick; WETH token0: one unit under its upper tick). The pool's
 * `liquidity()` counts the whole position; selling the token into it is paid 0 WETH by it — only by the optional
 * catcher just past the edge. Buying the token takes it from the edge at the pool's price. Returns the pool and
 * the tick the spot sits on.
 *
 * @example
 * ```ts
 * const { pool } = await createEdgePool({ devnet, provider, token: x, fee: 500, wethWei: 1n, perTokenUnits: 10n ** 9n, edgeTokenAmount: 10n ** 27n, catcherWei: 10n ** 16n });
 * ```
 */
export async function createEdgePool({
  devnet,
  provider,
  token,
  fee,
  wethWei,
  perTokenUnits,
  edgeTokenAmount,
  catcherWei,
}: CreateEdgePoolParameters): Promise<{ pool: Address; tick: number }> {
  const spacing = SPACINGS[fee];
  if (
    spacing === undefined ||
    wethWei <= 0n ||
    perTokenUnits <= 0n ||
    edgeTokenAmount <= 0n ||
    catcherWei < 0n
  ) {
    throw new InvalidParameterError(
      'createEdgePool',
      'fee 500/3000/10000, a positive price and edge amount, a catcher ≥ 0',
    );
  }
  const { contracts, accounts } = devnet.manifest;
  const attacker = new Wallet(accounts[7]!.privateKey, provider);
  const weth = contracts.weth as Address;
  const wethIsToken0 = BigInt(weth) < BigInt(token);
  const [token0, token1] = wethIsToken0 ? [weth, token] : [token, weth];
  // The price token1/token0 in base units, as a tick (floats only to pick a tick), on a spacing boundary.
  const price = wethIsToken0
    ? Number(perTokenUnits) / Number(wethWei)
    : Number(wethWei) / Number(perTokenUnits);
  const tick = Math.floor(Math.log(price) / Math.log(1.0001) / spacing) * spacing;
  const sqrtPriceX96 = wethIsToken0 ? sqrtRatioAtTick(tick) - 1n : sqrtRatioAtTick(tick);
  const npm = new Contract(contracts.uniswapV3PositionManager, nonfungiblePositionManagerAbi, attacker);
  const send = async (contract: Contract, method: string, args: unknown[], value = 0n) => {
    const fn = contract.getFunction(method);
    const gas = await fn.estimateGas(...args, { value });
    await waitMined(fn(...args, { value, gasLimit: (gas * 3n) / 2n }));
  };
  await send(npm, 'createAndInitializePoolIfNecessary', [token0, token1, fee, sqrtPriceX96]);
  const pool = (await new Contract(contracts.uniswapV3Factory, factoryAbi, provider).getFunction('getPool')(
    token0,
    token1,
    fee,
  )) as Address;
  const tokenContract = new Contract(token, erc20Abi, attacker);
  await send(tokenContract, 'mint', [attacker.address, edgeTokenAmount]);
  await send(tokenContract, 'approve', [contracts.uniswapV3PositionManager, MaxUint256]);
  // WETH token0: the spot is one unit inside the edge, whose WETH side (≈ 0 wei) the position manager still wants
  // offered; the dust it takes is far under a wei per unit of liquidity.
  const dust = wethIsToken0 ? 10n ** 9n : 0n;
  const wethContract = new Contract(weth, wethAbi, attacker);
  if (catcherWei + dust > 0n) {
    await send(wethContract, 'deposit', [], catcherWei + dust);
    await send(wethContract, 'approve', [contracts.uniswapV3PositionManager, MaxUint256]);
  }
  const mint = async (tickLower: number, tickUpper: number, amount0: bigint, amount1: bigint) =>
    send(npm, 'mint', [
      [token0, token1, fee, tickLower, tickUpper, amount0, amount1, 0n, 0n, attacker.address, MaxUint256],
    ]);
  // The edge: the token only, its range ending at the spot on the sale's side.
  if (wethIsToken0) await mint(tick - spacing, tick, dust, edgeTokenAmount);
  else await mint(tick, tick + spacing, edgeTokenAmount, 0n);
  if (catcherWei > 0n) {
    // WETH only, just past the spot on the sale's side (out of range).
    if (wethIsToken0) await mint(tick, tick + spacing, catcherWei, 0n);
    else await mint(tick - spacing, tick, 0n, catcherWei);
  }
  return { pool, tick };
}
