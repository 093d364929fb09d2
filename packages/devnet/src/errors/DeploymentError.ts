import { BaseError } from './BaseError.js';

/**
 * A deployment or seeding transaction of the devnet failed (reverted, or produced no contract).
 *
 * @example
 * ```ts
 * import { startDevnet } from '@org/devnet';
 * await startDevnet({ fresh: true }).catch((e) => { if (e.code === 'DEVNET_DEPLOYMENT_FAILED') console.error(e.step); });
 * ```
 */
export class DeploymentError extends BaseError<'DEVNET_DEPLOYMENT_FAILED'> {
  override name = 'DeploymentError';
  /** The deployment step that failed, e.g. `deploy UniswapV3Factory`. */
  readonly step: string;

  constructor(step: string, details?: string, cause?: unknown) {
    super('DEVNET_DEPLOYMENT_FAILED', `Devnet deployment step failed: ${step}`, { details, cause });
    this.step = step;
  }
}
