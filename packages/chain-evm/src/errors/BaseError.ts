/** Parameters of {@link BaseError}. */
export interface BaseErrorParameters {
  /** Extra, non-secret context for logs and problem details. */
  details?: string;
  /** The foreign error this one translates (ethers, fetch, fs …). */
  cause?: unknown;
}

/**
 * Root of every error thrown by `@org/chain-evm`. Consumers discriminate on the stable string `code`
 * (and `name`), never on `instanceof`, so that two copies of the package still interoperate.
 *
 * @example
 * ```ts
 * try { resolveChain('nope'); } catch (e) { if ((e as BaseError).code === 'UNSUPPORTED_CHAIN') { … } }
 * ```
 */
export class BaseError<TCode extends string = string> extends Error {
  override name = 'ChainEvmError';
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
