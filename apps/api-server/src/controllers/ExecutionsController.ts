import {
  Controller,
  Get,
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
import type { ExecutionDto, ExecutionPageDto } from '../dto/execution.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** The execution gateway's history: every attempt to move funds, blocked ones included. */
@Route('executions')
@Tags('Executions')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class ExecutionsController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Executions, newest first.
   * @summary List executions
   * @param limit 1–100, default 20.
   * @isInt limit
   * @param status Only executions in this status (`pending`, `confirmed`, `blocked`, …).
   * @maxLength status 32
   * @param cursor `nextCursor` of the previous page.
   * @maxLength cursor 1024
   */
  @Get()
  @OperationId('listExecutions')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid limit, status or cursor')
  public async list(
    @Query() limit?: number,
    @Query() status?: string,
    @Query() cursor?: string,
  ): Promise<ExecutionPageDto> {
    return this.services.executions.list({
      ...(limit === undefined ? {} : { limit }),
      ...(status === undefined ? {} : { status }),
      ...(cursor === undefined ? {} : { cursor }),
    });
  }

  /**
   * One execution: its status, code, transactions, fee and result. Follow a `pending` execution here until it
   * settles (`confirmed`, `reverted` or `failed`).
   * @summary Get an execution
   * @maxLength id 64
   */
  @Get('{id}')
  @OperationId('getExecution')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(404, 'No execution with this id')
  public async get(@Path() id: string): Promise<ExecutionDto> {
    return this.services.executions.get(id);
  }

  /**
   * Clears the nonce of a stuck execution (`signed` or `pending`): a same-nonce cancel — a 0-value transfer to the
   * wallet itself, paying more than every transaction of the execution — within the fee budget the governor holds
   * for it. The one transaction sent while the kill switch is engaged. Answers 202 with the execution, the cancel
   * last among its transactions; it settles `cancelled` (the cancel was mined: only its fee counts) or `confirmed`
   * (the action was mined first).
   * @summary Cancel a stuck execution (operator)
   * @maxLength id 64
   */
  @Post('{id}/cancel')
  @OperationId('cancelExecution')
  @Security('operator_key')
  @SuccessResponse(202, 'Cancel sent; follow the execution until it settles')
  @Response<ProblemDto>(403, 'OPERATOR_KEY_REQUIRED or OPERATOR_KEY_NOT_CONFIGURED')
  @Response<ProblemDto>(404, 'EXECUTION_NOT_FOUND')
  @Response<ProblemDto>(
    409,
    'EXECUTION_NOT_CANCELLABLE (nothing pending), CANCEL_FEE_NOT_RESERVED or CANCEL_ABOVE_FEE_CEILING',
  )
  @Response<ProblemDto>(503, 'CANCEL_NOT_SENT (the node refused it) or WALLET_NOT_CONFIGURED')
  public async cancel(@Path() id: string): Promise<ExecutionDto> {
    const answer = await this.services.executions.cancel(id);
    this.setStatus(202);
    return answer;
  }
}
