/** Parameters of {@link BaseError}. */
export interface BaseErrorParameters {
  /** Stable, machine-readable code; part of the public API. */
  code: string;
  /** One-line human summary. */
  shortMessage: string;
  /** Extra context (never secrets). */
  details?: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/**
 * Root of the `@org/governor` error hierarchy. Discriminate on `code` (or `name`), not on `instanceof`.
 *
 * @example
 * ```ts
 * try {
 *   parseEther('1e3');
 * } catch (error) {
 *   if (error instanceof BaseError && error.code === 'AMOUNT_INVALID') console.error(error.shortMessage);
 * }
 * ```
 */
export class BaseError extends Error {
  override name = 'GovernorError';
  readonly code: string;
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor({ code, shortMessage, details, cause }: BaseErrorParameters) {
    super(details === undefined ? shortMessage : `${shortMessage}\n\nDetails: ${details}`, { cause });
    this.code = code;
    this.shortMessage = shortMessage;
    this.details = details;
  }
}
