/** Parameters of {@link BaseError}. */
export interface BaseErrorParameters {
  /** Extra, non-secret context for logs. */
  details?: string;
  /** The foreign error this one translates (a fetch failure, a time-out…). */
  cause?: unknown;
}

/**
 * Root of every error thrown by `@org/mcp`. Consumers discriminate on the stable string `code` (and `name`), never
 * on `instanceof`: the ESM and CJS builds carry their own copies of the classes.
 *
 * @example
 * ```ts
 * try {
 *   loadMcpConfig({ env: {} });
 * } catch (error) {
 *   if ((error as BaseError).code === 'MCP_CONFIG_INVALID') console.error((error as BaseError).shortMessage);
 * }
 * ```
 */
export class BaseError<TCode extends string = string> extends Error {
  override name = 'McpError';
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
