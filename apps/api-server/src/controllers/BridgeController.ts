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
import type {
  BridgeChainsDto,
  BridgeExecuteRequestDto,
  BridgeExecutionDto,
  BridgeQuoteDto,
} from '../dto/bridge.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** Bridges through LI.FI: chains, checked quotes, and transfers followed to the other chain. */
@Route('bridge')
@Tags('Bridge')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class BridgeController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * The chains LI.FI supports that are also configured here (with an RPC URL), each with the bridge contracts we
   * accept on it — LI.FI's pinned diamond and Permit2Proxy plus `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>`, never taken from
   * the provider — and the routes LI.FI's bridges serve between them. Cached for 5 minutes.
   * @summary Bridge chains and routes
   */
  @Get('chains')
  @OperationId('listBridgeChains')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(502, 'LI.FI answered with an error')
  @Response<ProblemDto>(503, 'LI.FI is unreachable, slow or rate-limiting')
  public async chains(): Promise<BridgeChainsDto> {
    return this.services.bridge.chains();
  }

  /**
   * LI.FI's quote for moving `amount` of `token` from `fromChain` to `toChain`, checked before it is shown: the
   * contract called and the spender on our allowlist, the calldata decoded locally (receiver = the wallet,
   * destination chain and asset = the request, no destination call), the native value exact, the slippage bounded
   * (`MAX_SLIPPAGE_BPS`). A quote that fails a check answers 422 with the check's code (`BRIDGE_TARGET_NOT_ALLOWED`,
   * `BRIDGE_SPENDER_NOT_ALLOWED`, `BRIDGE_RECEIVER_NOT_ALLOWED`, `BRIDGE_DESTINATION_CALL`, `BRIDGE_VALUE_MISMATCH`,
   * `BRIDGE_SLIPPAGE_…`…), and so does a quote whose least amount delivered, valued on the destination chain, loses
   * more than `BRIDGE_MAX_PRICE_IMPACT_BPS` + the slippage + the listed fees (`BRIDGE_VALUE_LOSS_TOO_HIGH`, with
   * `lossBps`). The answer carries the amounts (human and base units), fees, gas, duration, tools, the
   * value the governor would be charged, the destination token's safety verdict, and an id for `/bridge/execute`.
   * @summary Quote a bridge transfer
   * @param fromChain Source chain name, alias or id.
   * @maxLength fromChain 64
   * @param toChain Destination chain name, alias or id.
   * @maxLength toChain 64
   * @param token `ETH` (native), a symbol of the source chain's token list, or an address.
   * @maxLength token 64
   * @param toToken On the destination chain (default: `token` as named there).
   * @maxLength toToken 64
   * @param amount Human units of `token`, a decimal string (`"250"`).
   * @maxLength amount 100
   * @param slippageBps 0 to `MAX_SLIPPAGE_BPS` (default 50, capped by it); sent to LI.FI as a decimal fraction.
   * @isInt slippageBps
   */
  @Get('quote')
  @OperationId('quoteBridge')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid input, no quote, or a quote that failed a check (the code says which)')
  @Response<ProblemDto>(502, 'LI.FI or a chain node answered with an error')
  @Response<ProblemDto>(503, 'LI.FI or a chain node is unreachable; no wallet configured')
  public async quote(
    @Query() fromChain: string,
    @Query() toChain: string,
    @Query() token: string,
    @Query() amount: string,
    @Query() toToken?: string,
    @Query() slippageBps?: number,
  ): Promise<BridgeQuoteDto> {
    return this.services.bridge.quote({ fromChain, toChain, token, toToken, amount, slippageBps });
  }

  /**
   * Executes a quote (`quoteId`) or a fresh one (the quote's parameters) through the execution gateway. A quote older
   * than `BRIDGE_QUOTE_TTL_SECONDS` is re-quoted and every check run again; a fresh minimum below the first quote's
   * output less the slippage asked → 409 `BRIDGE_REQUOTE_DROPPED` with both figures. Then an exact approval to the
   * allowlisted spender when needed, the bridge transaction (action `bridge`), and the approval reset to zero after
   * settlement. A quote id is executed at most once (409 `BRIDGE_QUOTE_USED`); send an `Idempotency-Key` to make
   * retries safe. 200 once the source transaction is confirmed (the transfer goes on: follow `/executions/{id}`,
   * whose `result.bridge` says `pending | bridging | completed | partial | refunded | failed | shortfall | stuck` —
   * `completed` only when the destination chain shows the amount at the wallet — and `/events` `bridge.*`); 202 when
   * not yet mined.
   * @summary Execute a bridge transfer
   * @param idempotencyKey Optional, recommended: 1–200 printable characters.
   * @maxLength idempotencyKey 200
   */
  @Post('execute')
  @OperationId('executeBridge')
  @SuccessResponse(200, 'The source transaction is confirmed')
  @Response<BridgeExecutionDto>(202, 'Sent and not yet mined: follow /executions/{id}')
  @Response<ProblemDto>(403, 'Blocked by the spend governor or the token-safety gate (destination token)')
  @Response<ProblemDto>(404, 'BRIDGE_QUOTE_NOT_FOUND')
  @Response<ProblemDto>(
    409,
    'BRIDGE_QUOTE_USED, BRIDGE_REQUOTE_DROPPED (with both figures) or IDEMPOTENCY_IN_PROGRESS',
  )
  @Response<ProblemDto>(
    422,
    'Invalid input, a failed check, SIMULATION_REVERTED, PREREQUISITE_APPROVAL_INVALID or IDEMPOTENCY_KEY_REUSED',
  )
  @Response<ProblemDto>(
    502,
    'TX_REVERTED: mined and reverted, the fee was spent; PREREQUISITE_APPROVAL_NOT_CONFIRMED: the approval did not confirm, the bridge was not signed',
  )
  @Response<ProblemDto>(503, 'Nothing could be sent (node or LI.FI unreachable, wallet not configured)')
  public async execute(
    @Body() body: BridgeExecuteRequestDto,
    @Header('Idempotency-Key') idempotencyKey?: string,
  ): Promise<BridgeExecutionDto> {
    const { status, body: answer } = await this.services.bridge.execute(body, idempotencyKey);
    this.setStatus(status);
    return answer;
  }
}
