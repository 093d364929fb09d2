import type { WalletOpsClient } from '../client/WalletOpsClient.js';

/** A JSON Schema of an object (what MCP requires of a tool's input and output schema). */
export interface ObjectSchema {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, object>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | object;
  readonly [keyword: string]: unknown;
}

/** Honest hints about what a tool does (MCP `ToolAnnotations`). */
export interface ToolHints {
  /** Reads only: changes nothing anywhere. */
  readonly readOnlyHint: boolean;
  /** May change or destroy something that cannot simply be put back (funds moved, an order ended). */
  readonly destructiveHint: boolean;
  /** Calling it again with the same arguments changes nothing more. */
  readonly idempotentHint: boolean;
  /** Reaches beyond the API server's own state: a chain, a price or data provider. */
  readonly openWorldHint: boolean;
}

/** What a tool's `run` receives besides its arguments. */
export interface ToolContext {
  readonly client: WalletOpsClient;
  /** The longest a follow tool may wait, in seconds. */
  readonly waitMaxSeconds: number;
  /** Between two reads of a follow tool, in milliseconds. */
  readonly pollIntervalMs: number;
  /** Aborted when the request is cancelled or the session closes. */
  readonly signal: AbortSignal;
}

/**
 * One MCP tool: its name, its JSON Schemas, its hints and how it runs. `run` receives arguments already validated
 * against `inputSchema` and returns the structured content (validated against `outputSchema` before it is sent); a
 * refusal of the API server is thrown as an `ApiRequestError` and becomes a tool result with `isError`.
 */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
  readonly outputSchema: ObjectSchema;
  readonly annotations: ToolHints;
  /** Moves funds (or may): takes an `idempotencyKey`, generated when absent and returned. */
  readonly movesFunds: boolean;
  readonly run: (
    args: Record<string, unknown>,
    context: ToolContext & { idempotencyKey?: string },
  ) => Promise<Record<string, unknown>>;
}
