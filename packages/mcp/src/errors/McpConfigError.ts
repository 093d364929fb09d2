import { BaseError } from './BaseError.js';

/**
 * The MCP server's configuration is invalid: a missing or malformed variable (named, never its value), a Streamable
 * HTTP key that is too short or equal to the trading key, a non-loopback address without `MCP_HTTP_ALLOW_REMOTE`.
 *
 * @example
 * ```ts
 * new McpConfigError('WALLET_OPS_URL is required').code; // 'MCP_CONFIG_INVALID'
 * ```
 */
export class McpConfigError extends BaseError<'MCP_CONFIG_INVALID'> {
  override name = 'McpConfigError';

  constructor(message: string) {
    super('MCP_CONFIG_INVALID', message);
  }
}
