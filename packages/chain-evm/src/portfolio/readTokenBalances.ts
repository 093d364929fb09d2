import { Interface } from 'ethers';
import type { Address, ChainInfo } from '../chains/chains.js';
import { type Aggregate3Call, aggregate3, type RpcSender } from '../multicall/aggregate3.js';
import { decodeAbiText } from '../multicall/decodeAbiText.js';
import { decodeUint256 } from '../multicall/decodeUint256.js';
import { multicall3BlockNumberCall } from '../multicall/multicall3BlockNumberCall.js';
import { multicall3EthBalanceCall } from '../multicall/multicall3EthBalanceCall.js';
import { PortfolioError } from './PortfolioError.js';
import type { PortfolioTokenInput } from './types.js';

/** Tokens per Multicall3 request when nothing else is configured. */
export const DEFAULT_PORTFOLIO_BATCH_SIZE = 200;
/** Largest accepted batch (about 10M gas of `balanceOf` + metadata reads in one `eth_call`). */
export const MAX_PORTFOLIO_BATCH_SIZE = 1_000;

const erc20 = new Interface([
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
  'function name() view returns (string)',
]);

/** Parameters of {@link readTokenBalances}. */
export interface ReadTokenBalancesParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly owner: Address;
  readonly tokens: readonly PortfolioTokenInput[];
  /** Tokens per request, 1..{@link MAX_PORTFOLIO_BATCH_SIZE} (default {@link DEFAULT_PORTFOLIO_BATCH_SIZE}). */
  readonly batchSize?: number;
  readonly timeoutMs?: number;
}

/** One token's read: `balance` and `decimals` are `null` when unreadable (never 0). */
export interface TokenBalanceRead {
  readonly token: PortfolioTokenInput;
  readonly balance: bigint | null;
  readonly decimals: number | null;
  readonly symbol: string | null;
  readonly name: string | null;
}

/** Result of {@link readTokenBalances}. */
export interface ReadTokenBalancesReturnType {
  /** The block every figure was read at. */
  readonly blockNumber: bigint;
  readonly nativeWei: bigint;
  /** One per token, in order. */
  readonly tokens: readonly TokenBalanceRead[];
  /** Multicall3 requests made: `ceil(tokens / batchSize)`, at least 1. */
  readonly requests: number;
}

/**
 * The native balance and every token's `balanceOf(owner)` through Multicall3: ONE request per batch of `batchSize`
 * tokens, never one per token. The first batch also reads the block number and the native balance; the others are
 * pinned to that block (sent together once it is known), so the snapshot is consistent. A token without `decimals`
 * gets its `decimals()`/`symbol()`/`name()` read in the same batch. A token that cannot be read is `null`, never 0.
 * No Multicall3 → `PORTFOLIO_NOT_CONFIGURED`; node trouble → `RpcError`.
 *
 * @example
 * ```ts
 * const { nativeWei, tokens } = await readTokenBalances({ provider, chain, owner, tokens: [{ address: usdc, decimals: 6 }] });
 * ```
 */
export async function readTokenBalances({
  provider,
  chain,
  owner,
  tokens,
  batchSize = DEFAULT_PORTFOLIO_BATCH_SIZE,
  timeoutMs,
}: ReadTokenBalancesParameters): Promise<ReadTokenBalancesReturnType> {
  const multicall3 = chain.contracts.multicall3;
  if (multicall3 === null) {
    throw new PortfolioError('PORTFOLIO_NOT_CONFIGURED', `No Multicall3 configured on ${chain.name}`);
  }
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_PORTFOLIO_BATCH_SIZE) {
    throw new PortfolioError(
      'INVALID_PORTFOLIO_PARAMETER',
      `batchSize must be an integer from 1 to ${MAX_PORTFOLIO_BATCH_SIZE}`,
    );
  }
  const batches: PortfolioTokenInput[][] = [];
  for (let i = 0; i < tokens.length; i += batchSize) batches.push(tokens.slice(i, i + batchSize));
  if (batches.length === 0) batches.push([]);
  // Call data built once per snapshot (per-call ABI encoding is measurable at 500 tokens).
  const balanceData = erc20.encodeFunctionData('balanceOf', [owner]) as Address;
  const metadata = ['decimals', 'symbol', 'name'].map((fn) => erc20.encodeFunctionData(fn) as Address);
  const callsOf = (batch: readonly PortfolioTokenInput[]) =>
    batch.flatMap((t) => {
      const read = (callData: Address): Aggregate3Call => ({
        target: t.address,
        callData,
        allowFailure: true,
      });
      return t.decimals === undefined ? [balanceData, ...metadata].map(read) : [read(balanceData)];
    });
  const deadline = timeoutMs === undefined ? {} : { timeoutMs };
  const [first, ...rest] = batches as [PortfolioTokenInput[], ...PortfolioTokenInput[][]];
  const head = await aggregate3({
    provider,
    chainId: chain.id,
    multicall3,
    calls: [
      multicall3BlockNumberCall(multicall3),
      multicall3EthBalanceCall(multicall3, owner),
      ...callsOf(first),
    ],
    ...deadline,
  });
  const blockNumber = decodeUint256(head[0]?.returnData ?? '0x');
  const nativeWei = decodeUint256(head[1]?.returnData ?? '0x');
  if (blockNumber === null || nativeWei === null) {
    throw new PortfolioError(
      'PORTFOLIO_NOT_CONFIGURED',
      'Multicall3 answered an undecodable block or balance',
    );
  }
  const tails = await Promise.all(
    rest.map((batch) =>
      aggregate3({
        provider,
        chainId: chain.id,
        multicall3,
        calls: callsOf(batch),
        blockTag: blockNumber,
        ...deadline,
      }),
    ),
  );
  const results = [...head.slice(2), ...tails.flat()];
  let cursor = 0;
  const reads = tokens.map((token): TokenBalanceRead => {
    const balance = results[cursor++];
    const value = balance?.success ? decodeUint256(balance.returnData) : null;
    if (token.decimals !== undefined) {
      return {
        token,
        balance: value,
        decimals: token.decimals,
        symbol: token.symbol ?? null,
        name: token.name ?? null,
      };
    }
    const [decimals, symbol, name] = [results[cursor++], results[cursor++], results[cursor++]];
    const d = decimals?.success ? decodeUint256(decimals.returnData) : null;
    return {
      token,
      balance: value,
      decimals: d === null || d > 255n ? null : Number(d),
      symbol: symbol?.success ? decodeAbiText(symbol.returnData, 32) : null,
      name: name?.success ? decodeAbiText(name.returnData, 100) : null,
    };
  });
  return { blockNumber, nativeWei, tokens: reads, requests: batches.length };
}
