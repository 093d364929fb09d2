import { Controller, OperationId, Get, Post, Response, Route, Security, Tags } from '@tsoa/runtime';
import type { GovernorStatusDto } from '../dto/governor.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** The spend governor: caps, spend per window and the kill switch. */
@Route('governor')
@Tags('Governor')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
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
  public async status(): Promise<GovernorStatusDto> {
    return this.services.governor.status();
  }

  /**
   * Engages the kill switch: every fund-moving action is blocked regardless of limits. Persists across restarts.
   * @summary Engage the kill switch
   */
  @Post('kill')
  @OperationId('engageKillSwitch')
  public async kill(): Promise<GovernorStatusDto> {
    return this.services.governor.kill();
  }

  /**
   * Releases the kill switch: actions are allowed again, subject to the limits.
   * @summary Release the kill switch
   */
  @Post('unkill')
  @OperationId('releaseKillSwitch')
  public async unkill(): Promise<GovernorStatusDto> {
    return this.services.governor.unkill();
  }
}
