import { Controller, OperationId, Get, Response, Route, Tags } from '@tsoa/runtime';
import type { HealthDto } from '../dto/wallet.js';
import type { Services } from '../services/Services.js';

/** Liveness for infrastructure checks. No authentication, no data. */
@Route('health')
@Tags('Health')
export class HealthController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Service status and version, and whether the database and each configured chain's node answer (`ok`,
   * `degraded` when a node does not, `down` — HTTP 503 — when the database does not). Needs no API key; answers are
   * reused for 2 s and carry counts only.
   * @summary Health check
   */
  @Get()
  @OperationId('getHealth')
  @Response<HealthDto>(503, 'The database does not answer')
  public async health(): Promise<HealthDto> {
    const health = await this.services.health.check();
    if (health.status === 'down') this.setStatus(503);
    return health;
  }
}
