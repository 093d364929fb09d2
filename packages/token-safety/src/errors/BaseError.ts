/** Parameters of {@link BaseError}. */
export type BaseErrorParameters = {
  /** Stable machine-readable code (part of the public API). */
  code: string;
  /** One-line human description. */
  shortMessage: string;
  /** Extra detail safe to show to an operator (never a secret). */
  details?: string;
  /** The foreign error this one translates. */
  cause?: unknown;
};

/**
 * Root of the `@org/token-safety` error hierarchy. Consumers discriminate on `code` / `name`, not `instanceof`.
 *
 * @example
 * ```ts
 * try { await service.getReport({ chain: 999, address: '0x…' }); }
 * catch (error) { if (error instanceof BaseError && error.code === 'UNSUPPORTED_CHAIN') { … } }
 * ```
 */
export class BaseError extends Error {
  override name = 'TokenSafetyError';
  readonly code: string;
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(parameters: BaseErrorParameters) {
    const message = parameters.details
      ? `${parameters.shortMessage}\n\nDetails: ${parameters.details}`
      : parameters.shortMessage;
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause });
    this.code = parameters.code;
    this.shortMessage = parameters.shortMessage;
    this.details = parameters.details;
  }
}
