import { Controller, Get, Route, Tags } from '@tsoa/runtime';
import type { HealthDto } from '../dto/wallet.js';
import type { Services } from '../services/Services.js';

/** Liveness for infrastructure checks. No authentication, no data. */
@Route('health')
@Tags('Health')
export class HealthController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /** Service status and version. Needs no API key. */
  @Get()
  public async health(): Promise<HealthDto> {
    return { status: 'ok', version: this.services.version };
  }
}
