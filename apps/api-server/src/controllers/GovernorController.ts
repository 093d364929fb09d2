import {
  Body,
  Controller,
  Get,
  OperationId,
  Post,
  Put,
  Response,
  Route,
  Security,
  Tags,
} from '@tsoa/runtime';
import type { GovernorStatusDto, SetLimitsRequestDto } from '../dto/governor.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** The spend governor: caps, spend per window and the kill switch. */
@Route('governor')
@Tags('Governor')
@Response<ProblemDto>(401, 'Missing or invalid key')
@Response<ProblemDto>(503, 'The governor ledger is unavailable')
export class GovernorController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Limits, spent and remaining per window (rolling daily and session), open reservations, kill switch, confirm mode.
   * @summary Spend governor status
   */
  @Get('status')
  @OperationId('getGovernorStatus')
  @Security('api_key')
  @Security('operator_key')
  public async status(): Promise<GovernorStatusDto> {
    return this.services.governor.status();
  }

  /**
   * Engages the kill switch: every fund-moving action is blocked regardless of limits. Persists across restarts.
   * Anyone may stop: the trading key or the operator key.
   * @summary Engage the kill switch
   */
  @Post('kill')
  @OperationId('engageKillSwitch')
  @Security('api_key')
  @Security('operator_key')
  public async kill(): Promise<GovernorStatusDto> {
    return this.services.governor.kill();
  }

  /**
   * Releases the kill switch: actions are allowed again, subject to the limits. Only the operator restarts: this
   * needs `X-Operator-Key` (a leaked trading key or a runaway bot cannot undo the emergency stop).
   * @summary Release the kill switch (operator)
   */
  @Post('unkill')
  @OperationId('releaseKillSwitch')
  @Security('operator_key')
  @Response<ProblemDto>(403, 'OPERATOR_KEY_REQUIRED or OPERATOR_KEY_NOT_CONFIGURED')
  public async unkill(): Promise<GovernorStatusDto> {
    return this.services.governor.unkill();
  }

  /**
   * Changes the spend caps (ETH decimal strings; `null` returns a cap to its configured `GOVERNOR_*` value; an absent
   * one stays). Persisted: it survives restarts, and the operator CLI on the same database sees and changes the same
   * caps. Spend already counted stays counted.
   * @summary Change the spend caps (operator)
   */
  @Put('limits')
  @OperationId('setGovernorLimits')
  @Security('operator_key')
  @Response<ProblemDto>(403, 'OPERATOR_KEY_REQUIRED or OPERATOR_KEY_NOT_CONFIGURED')
  @Response<ProblemDto>(422, 'A cap that is not a non-negative decimal ETH amount')
  public async setLimits(@Body() body?: SetLimitsRequestDto): Promise<GovernorStatusDto> {
    return this.services.governor.setLimits(body ?? {}, 'operator-key');
  }
}
