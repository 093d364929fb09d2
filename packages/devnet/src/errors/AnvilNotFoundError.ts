import { BaseError } from './BaseError.js';

/**
 * The anvil binary could not be located (the optional platform package of `@foundry-rs/anvil` is missing,
 * e.g. installed with optional dependencies omitted, or this platform has none).
 *
 * @example
 * ```ts
 * import { resolveAnvilBinary } from '@org/devnet';
 * try { resolveAnvilBinary(); } catch (e) { if ((e as { code?: string }).code === 'DEVNET_ANVIL_NOT_FOUND') process.exit(1); }
 * ```
 */
export class AnvilNotFoundError extends BaseError<'DEVNET_ANVIL_NOT_FOUND'> {
  override name = 'AnvilNotFoundError';

  constructor(details: string, cause?: unknown) {
    super('DEVNET_ANVIL_NOT_FOUND', 'The anvil binary could not be found.', { details, cause });
  }
}
