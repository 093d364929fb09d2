import {
  Body,
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
import type {
  ApproveConfirmationRequestDto,
  ConfirmationDecisionDto,
  ConfirmationDto,
  ConfirmationPageDto,
  DenyConfirmationRequestDto,
} from '../dto/confirmation.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/**
 * Fund-moving actions held for an operator's approval (`CONFIRM_MODE`: the spec's confirm gate). Reading needs the
 * trading or the operator key; deciding needs the operator key (`X-Operator-Key`).
 */
@Route('confirmations')
@Tags('Confirmations')
@Response<ProblemDto>(401, 'Missing or invalid key')
export class ConfirmationsController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Held actions, newest first (expired ones are marked expired first).
   * @summary List held actions
   * @param status pending, approved, running, settled (its execution ended), denied or expired
   * @maxLength status 32
   * @param limit 1–100 (default 20)
   * @isInt limit
   * @param cursor From a previous page's `nextCursor`.
   * @maxLength cursor 1024
   */
  @Get()
  @OperationId('listConfirmations')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid status, limit or cursor')
  public async list(
    @Query() status?: string,
    @Query() limit?: number,
    @Query() cursor?: string,
  ): Promise<ConfirmationPageDto> {
    return this.services.confirmations.list({
      ...(status === undefined ? {} : { status }),
      ...(limit === undefined ? {} : { limit }),
      ...(cursor === undefined ? {} : { cursor }),
    });
  }

  /**
   * One held action: its exact intent, value, safety verdict, simulated gas, expiry and decision.
   * @summary Get a held action
   * @maxLength id 64
   */
  @Get('{id}')
  @OperationId('getConfirmation')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(404, 'CONFIRMATION_NOT_FOUND')
  public async get(@Path() id: string): Promise<ConfirmationDto> {
    return this.services.confirmations.get(id);
  }

  /**
   * Approves a held action and runs it: the same execution carries on from fresh checks (value, safety, simulation,
   * the governor's caps and the kill switch). If its value grew beyond what was approved, or something it depends on
   * became unknown, it is held again (202) instead of sent. For an action held because its value was unknown, `value`
   * says the most the governor may charge.
   * @summary Approve a held action (operator)
   * @maxLength id 64
   */
  @Post('{id}/approve')
  @OperationId('approveConfirmation')
  @Security('operator_key')
  @SuccessResponse(200, 'Approved and confirmed on chain')
  @Response<ConfirmationDecisionDto>(202, 'Approved and sent, not yet mined — or held again')
  @Response<ProblemDto>(403, 'OPERATOR_KEY_REQUIRED / OPERATOR_KEY_NOT_CONFIGURED, or the run was blocked')
  @Response<ProblemDto>(404, 'CONFIRMATION_NOT_FOUND')
  @Response<ProblemDto>(409, 'CONFIRMATION_NOT_PENDING or CONFIRMATION_EXPIRED')
  @Response<ProblemDto>(422, 'CONFIRMATION_VALUE_REQUIRED, invalid value, or SIMULATION_REVERTED')
  @Response<ProblemDto>(
    502,
    'TX_REVERTED: mined and reverted, the fee was spent; PREREQUISITE_APPROVAL_NOT_CONFIRMED: the approval a held bridge or deposit needs did not confirm, the action was not signed',
  )
  @Response<ProblemDto>(503, 'Nothing could be sent')
  public async approve(
    @Path() id: string,
    @Body() body?: ApproveConfirmationRequestDto,
  ): Promise<ConfirmationDecisionDto> {
    const { status, body: answer } = await this.services.confirmations.approve(id, body ?? {});
    this.setStatus(status);
    return answer;
  }

  /**
   * Denies a held action: its execution is blocked with `CONFIRMATION_DENIED`; nothing was reserved or signed.
   * @summary Deny a held action (operator)
   * @maxLength id 64
   */
  @Post('{id}/deny')
  @OperationId('denyConfirmation')
  @Security('operator_key')
  @Response<ProblemDto>(403, 'OPERATOR_KEY_REQUIRED or OPERATOR_KEY_NOT_CONFIGURED')
  @Response<ProblemDto>(404, 'CONFIRMATION_NOT_FOUND')
  @Response<ProblemDto>(409, 'CONFIRMATION_NOT_PENDING')
  @Response<ProblemDto>(422, 'Invalid note')
  public async deny(
    @Path() id: string,
    @Body() body?: DenyConfirmationRequestDto,
  ): Promise<ConfirmationDecisionDto> {
    return this.services.confirmations.deny(id, body ?? {});
  }
}
