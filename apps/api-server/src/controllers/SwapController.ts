import {
  Body,
  Controller,
  Get,
  Header,
  OperationId,
  Post,
  Query,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import type { ProblemDto } from '../dto/problem.js';
import type { SwapExecuteRequestDto, SwapExecutionDto, SwapQuoteDto, SwapTokenListDto } from '../dto/swap.js';
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
   * @maxLength chain 64
   */
  @Get('tokens')
  @OperationId('listSwapTokens')
  @Security('api_key')
  @Security('operator_key')
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
   * @maxLength tokenIn 64
   * @param tokenOut `ETH` (native), a symbol from `/swap/tokens`, or an address.
   * @maxLength tokenOut 64
   * @param amountIn Human units of tokenIn, a decimal string (`"0.01"`).
   * @maxLength amountIn 100
   * @param slippageBps Accepted slippage in basis points, 0 to `MAX_SLIPPAGE_BPS` (default 50, capped by it).
   * @isInt slippageBps
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   */
  @Get('quote')
  @OperationId('quoteSwap')
  @Security('api_key')
  @Security('operator_key')
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

  /**
   * Executes a swap through the execution gateway: a fresh quote, `amountOutMin` from it and the slippage, an exact
   * approval to the router when the allowance is short (never unlimited), then the swap. Every step is priced on
   * chain, checked for token safety, reserved with the spend governor, simulated, signed once and followed to its
   * receipt. 200 `confirmed`; 202 `pending` (follow `/executions/{id}`); 403 blocked by the governor or the safety
   * gate (the code says which); 422 `SIMULATION_REVERTED` or invalid input; 502 `TX_REVERTED` (mined and failed: the
   * fee was spent); 503 when nothing could be sent. Send an `Idempotency-Key` to make retries safe: a repeat with the
   * same key and body returns the first answer and never executes twice.
   * @summary Execute a swap
   * @param idempotencyKey Optional, recommended: 1–200 printable characters.
   * @maxLength idempotencyKey 200
   */
  @Post('execute')
  @OperationId('executeSwap')
  @SuccessResponse(200, 'Confirmed')
  @Response<SwapExecutionDto>(202, 'Sent and not yet mined: follow /executions/{id}')
  @Response<ProblemDto>(403, 'Blocked by the spend governor or the token-safety gate')
  @Response<ProblemDto>(409, 'IDEMPOTENCY_IN_PROGRESS: a request with this key is still running')
  @Response<ProblemDto>(422, 'Invalid input, SIMULATION_REVERTED, NO_ROUTE or IDEMPOTENCY_KEY_REUSED')
  @Response<ProblemDto>(502, 'TX_REVERTED: mined and reverted, the fee was spent')
  @Response<ProblemDto>(503, 'Nothing could be sent (node unreachable, wallet not configured)')
  public async execute(
    @Body() body: SwapExecuteRequestDto,
    @Header('Idempotency-Key') idempotencyKey?: string,
  ): Promise<SwapExecutionDto> {
    const { status, body: answer } = await this.services.swap.execute(body, idempotencyKey);
    this.setStatus(status);
    return answer;
  }
}
