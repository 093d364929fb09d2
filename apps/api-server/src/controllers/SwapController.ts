import { Controller, Get, OperationId, Query, Response, Route, Security, Tags } from '@tsoa/runtime';
import type { ProblemDto } from '../dto/problem.js';
import type { SwapQuoteDto, SwapTokenListDto } from '../dto/swap.js';
import type { Services } from '../services/Services.js';

/** Swaps on Uniswap V2/V3: supported tokens and quotes. */
@Route('swap')
@Tags('Swap')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class SwapController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * The chain's swappable tokens: its native currency and its token list (on the devnet, every deployed token,
   * honeypot and fee tokens included — so they can be tried, and refused).
   * @summary Supported swap tokens
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   */
  @Get('tokens')
  @OperationId('listSwapTokens')
  @Response<ProblemDto>(422, 'Unknown or unconfigured chain')
  public async tokens(@Query() chain?: string): Promise<SwapTokenListDto> {
    return this.services.swap.tokens(chain);
  }

  /**
   * The best output over Uniswap V2 and the V3 fee tiers (500/3000/10000), direct and two-hop through WETH, read
   * in one Multicall3 round trip; the least accepted after slippage; the route, price impact and gas; the value the
   * spend governor would be charged; and the token-safety verdict on what is acquired. Nothing is signed.
   * @summary Quote a swap
   * @param tokenIn `ETH` (native), a symbol from `/swap/tokens`, or an address.
   * @param tokenOut `ETH` (native), a symbol from `/swap/tokens`, or an address.
   * @param amountIn Human units of tokenIn, a decimal string (`"0.01"`).
   * @param slippageBps Accepted slippage in basis points, 0 to `MAX_SLIPPAGE_BPS` (default 50, capped by it).
   * @isInt slippageBps
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   */
  @Get('quote')
  @OperationId('quoteSwap')
  @Response<ProblemDto>(422, 'Invalid token, amount or slippage; no route; unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'The chain node answered with an error')
  @Response<ProblemDto>(503, 'The chain node is unreachable or timed out')
  public async quote(
    @Query() tokenIn: string,
    @Query() tokenOut: string,
    @Query() amountIn: string,
    @Query() slippageBps?: number,
    @Query() chain?: string,
  ): Promise<SwapQuoteDto> {
    return this.services.swap.quote({
      chain,
      tokenIn,
      tokenOut,
      amountIn,
      ...(slippageBps === undefined ? {} : { slippageBps }),
    });
  }
}
