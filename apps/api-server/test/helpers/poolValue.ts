import {
  erc20Abi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
} from '@org/devnet';
import { Contract, type JsonRpcProvider, ZeroAddress } from 'ethers';

const Q192 = 1n << 192n;

/**
 * The value of `amount` of `token` in WETH wei, recomputed by a test from the devnet's pools themselves (found through
 * the factories, read with the test's own provider): every V2/V3 pool against WETH holding at least `floor` WETH, the
 * highest value. `null` when no pool qualifies. The independent check of what the server's pricing answers.
 */
export async function poolValue({
  reader,
  contracts,
  token,
  amount,
  floor,
}: {
  reader: JsonRpcProvider;
  contracts: { weth: string; uniswapV2Factory: string; uniswapV3Factory: string };
  token: string;
  amount: bigint;
  floor: bigint;
}): Promise<bigint | null> {
  if (token.toLowerCase() === contracts.weth.toLowerCase()) return amount;
  const weth = new Contract(contracts.weth, erc20Abi, reader);
  const values: bigint[] = [];
  const pair = (await new Contract(contracts.uniswapV2Factory, uniswapV2FactoryAbi, reader).getFunction(
    'getPair',
  )(token, contracts.weth)) as string;
  if (pair !== ZeroAddress) {
    const p = new Contract(pair, uniswapV2PairAbi, reader);
    const [r0, r1] = (await p.getFunction('getReserves')()) as [bigint, bigint];
    const tokenIs0 = ((await p.getFunction('token0')()) as string).toLowerCase() === token.toLowerCase();
    const [tokenReserve, wethReserve] = tokenIs0 ? [r0, r1] : [r1, r0];
    if (wethReserve >= floor) values.push((amount * wethReserve) / tokenReserve);
  }
  for (const fee of [500, 3000, 10_000]) {
    const pool = (await new Contract(contracts.uniswapV3Factory, uniswapV3FactoryAbi, reader).getFunction(
      'getPool',
    )(token, contracts.weth, fee)) as string;
    if (pool === ZeroAddress) continue;
    if (((await weth.getFunction('balanceOf')(pool)) as bigint) < floor) continue;
    const p = new Contract(pool, uniswapV3PoolAbi, reader);
    const [sqrtPriceX96] = (await p.getFunction('slot0')()) as [bigint];
    const price = sqrtPriceX96 * sqrtPriceX96;
    const tokenIs0 = ((await p.getFunction('token0')()) as string).toLowerCase() === token.toLowerCase();
    values.push(tokenIs0 ? (amount * price) / Q192 : (amount * Q192) / price);
  }
  let highest: bigint | null = null;
  for (const v of values) if (highest === null || v > highest) highest = v;
  return highest;
}
