import { BaseError } from './BaseError.js';

/**
 * solc-js reported errors while compiling the devnet's test contracts.
 *
 * @example
 * ```ts
 * import { compileContracts } from '@org/devnet';
 * await compileContracts({ cacheDir: '/tmp/x' }).catch((e) => { if (e.code === 'DEVNET_COMPILE_FAILED') console.error(e.details); });
 * ```
 */
export class CompileError extends BaseError<'DEVNET_COMPILE_FAILED'> {
  override name = 'CompileError';

  constructor(details: string, cause?: unknown) {
    super('DEVNET_COMPILE_FAILED', 'Compiling the devnet contracts with solc-js failed.', { details, cause });
  }
}
