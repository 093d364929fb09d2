/** Parameters of {@link BaseError}. */
export interface BaseErrorParameters {
  /** Extra, non-secret context for logs (e.g. the tail of anvil's output). */
  details?: string | undefined;
  /** The foreign error this one translates (fetch, child_process, fs, solc …). */
  cause?: unknown;
}

/**
 * Root of every error thrown by `@org/devnet`. Consumers discriminate on the stable string `code`
 * (and `name`), never on `instanceof`, so two copies of the package still interoperate.
 *
 * @example
 * ```ts
 * import { startDevnet } from '@org/devnet';
 * try {
 *   await startDevnet({ timeoutMs: 1 });
 * } catch (error) {
 *   if ((error as { code?: string }).code === 'DEVNET_START_TIMEOUT') console.error('anvil too slow');
 * }
 * ```
 */
export class BaseError<TCode extends string = string> extends Error {
  override name = 'DevnetError';
  /** Stable machine-readable code; part of the public API. */
  readonly code: TCode;
  /** One-line human message without details. */
  readonly shortMessage: string;
  /** Extra context, never a secret. */
  readonly details: string | undefined;

  constructor(code: TCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(parameters.details ? `${shortMessage}\n\nDetails: ${parameters.details}` : shortMessage, {
      cause: parameters.cause,
    });
    this.code = code;
    this.shortMessage = shortMessage;
    this.details = parameters.details;
  }
}
