import { Controller, Get, OperationId, Path, Query, Response, Route, Security, Tags } from '@tsoa/runtime';
import type { ExecutionDto, ExecutionPageDto } from '../dto/execution.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** The execution gateway's history: every attempt to move funds, blocked ones included. */
@Route('executions')
@Tags('Executions')
@Security('api_key')
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
  @Response<ProblemDto>(404, 'No execution with this id')
  public async get(@Path() id: string): Promise<ExecutionDto> {
    return this.services.executions.get(id);
  }
}
