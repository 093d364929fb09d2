import type { Address, ChainInfo } from '../chains/chains.js';
import { aggregate3, type RpcSender } from '../multicall/aggregate3.js';
import { bandQuoteCall } from './bandQuoteCall.js';
import { decodeBandQuote } from './decodeBandQuote.js';
import type { BandQuoteRequest } from './types.js';

/**
 * Band sales per Multicall3 request. Each walks at most the initialized ticks within the band (≤ ~50 for the 0.05%
 * tier at 5%), ≈ 0.1–1.5 M gas: 25 stay under the 30–50 M gas nodes allow an `eth_call`.
 */
export const BAND_QUOTES_PER_REQUEST = 25;

/** Parameters of {@link readBandDepths}. */
export interface ReadBandDepthsParameters {
  readonly provider: RpcSender;
  /** A chain with Multicall3 and Uniswap V3 (its QuoterV2) configured; without them every answer is 0. */
  readonly chain: ChainInfo;
  readonly requests: readonly BandQuoteRequest[];
  /** Read at this block (pin it to the block the spots were read at). */
  readonly blockTag?: 'latest' | 'pending' | bigint;
  readonly timeoutMs?: number;
}

/**
 * Simulates each band sale (`bandQuoteCall`) through the chain's QuoterV2 — {@link BAND_QUOTES_PER_REQUEST} per
 * Multicall3 `eth_call`, the requests in parallel — and returns what each pays out, by request key. A sale that
 * fails, a request without a limit, or a chain without QuoterV2/Multicall3 answers 0 (no depth: fail closed). RPC
 * trouble throws (`RPC_TIMEOUT` / `RPC_UNAVAILABLE` / `RPC_ERROR`).
 *
 * @example
 * ```ts
 * const depths = await readBandDepths({ provider, chain, requests: first.bandQuotes, blockTag: 123n });
 * ```
 */
export async function readBandDepths({
  provider,
  chain,
  requests,
  blockTag,
  timeoutMs,
}: ReadBandDepthsParameters): Promise<Map<string, bigint>> {
  const depths = new Map<string, bigint>(requests.map((r) => [r.key, 0n]));
  const quoter = chain.contracts.uniswapV3?.quoterV2;
  const { multicall3 } = chain.contracts;
  const measurable = requests.filter(
    (r): r is BandQuoteRequest & { sqrtPriceLimitX96: bigint } => r.sqrtPriceLimitX96 !== null,
  );
  if (quoter === undefined || multicall3 === null || measurable.length === 0) return depths;
  const chunks: (typeof measurable)[] = [];
  for (let i = 0; i < measurable.length; i += BAND_QUOTES_PER_REQUEST) {
    chunks.push(measurable.slice(i, i + BAND_QUOTES_PER_REQUEST));
  }
  await Promise.all(
    chunks.map(async (chunk) => {
      const results = await aggregate3({
        provider,
        chainId: chain.id,
        multicall3: multicall3 as Address,
        calls: chunk.map((r) => bandQuoteCall({ quoter, ...r })),
        ...(blockTag === undefined ? {} : { blockTag }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      });
      for (const [i, r] of chunk.entries()) depths.set(r.key, decodeBandQuote(results[i]));
    }),
  );
  return depths;
}
