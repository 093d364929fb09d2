import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  OperationId,
  Path,
  Post,
  Query,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import type {
  DcaOrderCreateRequestDto,
  DcaOrderDetailDto,
  DcaOrderDto,
  DcaOrderPageDto,
  DcaStatsDto,
} from '../dto/dca.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/**
 * Recurring buys (DCA): an order spends a fixed amount of one token for another at every slot of its schedule. Every
 * fill is a real swap through the execution gateway (action `dca-fill`: priced, checked for token safety, reserved
 * with the spend governor, simulated, signed once, followed to its receipt) under the idempotency key
 * `dca:<order id>:<slot>`, so a slot is filled at most once, across crashes too. Orders can be paused and resumed;
 * an order that cannot go on pauses itself and says why (on the order, in `/dca/stats`, on `/events`).
 */
@Route('dca')
@Tags('DCA')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class DcaController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Orders, newest first.
   * @summary List DCA orders
   * @param status active, paused, cancelled or completed
   * @maxLength status 32
   * @param limit 1–100 (default 20)
   * @isInt limit
   * @param cursor From a previous page's `nextCursor`.
   * @maxLength cursor 1024
   */
  @Get('orders')
  @OperationId('listDcaOrders')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid status, limit or cursor')
  public async list(
    @Query() status?: string,
    @Query() limit?: number,
    @Query() cursor?: string,
  ): Promise<DcaOrderPageDto> {
    return this.services.dca.list({
      ...(status === undefined ? {} : { status }),
      ...(limit === undefined ? {} : { limit }),
      ...(cursor === undefined ? {} : { cursor }),
    });
  }

  /**
   * Creates an active order (201). Refused with 422 and a code: an unknown token (`SWAP_TOKEN_UNKNOWN`,
   * `INVALID_ADDRESS`), a token bought that is not safe to acquire now (`TOKEN_UNSAFE`, `TOKEN_SAFETY_UNKNOWN`,
   * `TOKEN_SELL_TAX_TOO_HIGH`), a malformed amount, interval, first run, price band or limit (`VALIDATION_FAILED`
   * naming the field), no route (`NO_ROUTE`), a token in that cannot be priced (`VALUE_UNKNOWN`), or fills that would
   * all be skipped at today's gas (`DCA_FEE_TOO_HIGH`: worst-case fee above `DCA_MAX_FEE_SHARE` of a fill's value).
   * Send an `Idempotency-Key` to make retries safe: a repeat returns the first answer and creates nothing.
   * @summary Create a DCA order
   * @param idempotencyKey Optional, recommended: 1–200 printable characters.
   * @maxLength idempotencyKey 200
   */
  @Post('orders')
  @OperationId('createDcaOrder')
  @SuccessResponse(201, 'Created')
  @Response<ProblemDto>(409, 'IDEMPOTENCY_IN_PROGRESS: a request with this key is still running')
  @Response<ProblemDto>(
    422,
    'Invalid order, unsafe token, no route, DCA_FEE_TOO_HIGH or IDEMPOTENCY_KEY_REUSED',
  )
  @Response<ProblemDto>(502, 'The chain node answered with an error')
  @Response<ProblemDto>(503, 'The chain node is unreachable, or no wallet is configured')
  public async create(
    @Body() body: DcaOrderCreateRequestDto,
    @Header('Idempotency-Key') idempotencyKey?: string,
  ): Promise<DcaOrderDto> {
    const { status, body: answer } = await this.services.dca.create(body, idempotencyKey);
    this.setStatus(status);
    return answer;
  }

  /**
   * The order and its fill history, newest slot first: each slot's time, status (`filled`, `skipped`, `blocked`,
   * `failed`, or `running`/`pending` while its outcome is not known) with its code, amounts in and out, price,
   * transaction hash and fee.
   * @summary Get a DCA order
   * @param order_id The order's id.
   * @maxLength order_id 64
   * @param limit Fills per page, 1–100 (default 50).
   * @isInt limit
   * @param cursor Older fills: a previous answer's `nextCursor`.
   * @maxLength cursor 1024
   */
  @Get('orders/{order_id}')
  @OperationId('getDcaOrder')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(404, 'DCA_ORDER_NOT_FOUND')
  @Response<ProblemDto>(422, 'Invalid limit or cursor')
  public async get(
    @Path() order_id: string,
    @Query() limit?: number,
    @Query() cursor?: string,
  ): Promise<DcaOrderDetailDto> {
    return this.services.dca.get(order_id, {
      ...(limit === undefined ? {} : { limit }),
      ...(cursor === undefined ? {} : { cursor }),
    });
  }

  /**
   * Cancels an active or paused order (terminal). A fill already sent is not abandoned: it settles and counts.
   * @summary Cancel a DCA order
   * @param order_id The order's id.
   * @maxLength order_id 64
   */
  @Delete('orders/{order_id}')
  @OperationId('cancelDcaOrder')
  @Response<ProblemDto>(404, 'DCA_ORDER_NOT_FOUND')
  @Response<ProblemDto>(409, 'DCA_INVALID_TRANSITION: the order is already cancelled or completed')
  public async cancel(@Path() order_id: string): Promise<DcaOrderDto> {
    return this.services.dca.cancel(order_id);
  }

  /**
   * Pauses an active order: no slot runs until it is resumed. No body.
   * @summary Pause a DCA order
   * @param order_id The order's id.
   * @maxLength order_id 64
   */
  @Post('orders/{order_id}/pause')
  @OperationId('pauseDcaOrder')
  @Response<ProblemDto>(404, 'DCA_ORDER_NOT_FOUND')
  @Response<ProblemDto>(409, 'DCA_INVALID_TRANSITION: the order is not active')
  public async pause(@Path() order_id: string): Promise<DcaOrderDto> {
    return this.services.dca.pause(order_id);
  }

  /**
   * Resumes a paused order from the next slot at or after now (missed slots are not run: no burst); its failure
   * count starts again. No body.
   * @summary Resume a DCA order
   * @param order_id The order's id.
   * @maxLength order_id 64
   */
  @Post('orders/{order_id}/resume')
  @OperationId('resumeDcaOrder')
  @Response<ProblemDto>(404, 'DCA_ORDER_NOT_FOUND')
  @Response<ProblemDto>(409, 'DCA_INVALID_TRANSITION: the order is not paused')
  public async resume(@Path() order_id: string): Promise<DcaOrderDto> {
    return this.services.dca.resume(order_id);
  }

  /**
   * Orders per status; per token pair (never summing different tokens) what was spent and received, fills and the
   * average price; the success rate; the next run; paused orders per reason and the orders' last errors per code
   * (why fills do not go through: a daily cap, an unsafe token…); the scheduler's status.
   * @summary DCA statistics
   */
  @Get('stats')
  @OperationId('getDcaStats')
  @Security('api_key')
  @Security('operator_key')
  public async stats(): Promise<DcaStatsDto> {
    return this.services.dca.stats();
  }
}
