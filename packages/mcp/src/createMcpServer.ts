import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ErrorCode,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { WalletOpsClient } from './client/WalletOpsClient.js';
import { ApiRequestError } from './errors/ApiRequestError.js';
import { reviewBeforeSwapPrompt } from './prompts/reviewBeforeSwapPrompt.js';
import { refusalResult } from './refusals/refusalResult.js';
import { resourceTable, TOKENS_URI_TEMPLATE } from './resources/resourceTable.js';
import { toolTable } from './tools/toolTable.js';
import { version } from './version.js';

/** Parameters of {@link createMcpServer}. */
export interface CreateMcpServerParameters {
  /** The client of the API server (`WALLET_OPS_URL`, `WALLET_OPS_API_KEY`). */
  readonly client: WalletOpsClient;
  /** The longest a follow tool waits, in seconds (default 50: under the SDK client's 60 s request time-out). */
  readonly waitMaxSeconds?: number;
  /** Between two reads of a follow tool, in milliseconds (default 1000). */
  readonly pollIntervalMs?: number;
  /** Between two progress notifications of a running tool call that asked for them, in milliseconds (default 10 000). */
  readonly progressIntervalMs?: number;
  /**
   * Subscribes to the API server's event types (from one shared `EventFollower`); returns the unsubscribe. Without
   * it, resources send no change notifications.
   */
  readonly subscribeEvents?: (listener: (type: string) => void) => () => void;
}

const INSTRUCTIONS =
  'Operates one real crypto wallet through a wallet-operations API server. Every fund-moving tool goes through the ' +
  "server's execution gateway: spend caps, kill switch, token safety, simulation and, when configured, an operator's " +
  'approval. Quote before you execute (prompt review_before_swap). A refusal is a tool result with isError: its ' +
  'first line is the code and the sentence after it says what would change the answer. Keep the idempotencyKey a ' +
  'fund-moving tool returns and pass it again to retry the same action. You can engage the kill switch; you can ' +
  "never release it, change the caps or approve a held action: those are the operator's.";

/**
 * One MCP server (a protocol session) over the wallet-operations API: the curated tools of `toolTable` (inputs and
 * outputs checked against their JSON Schemas), the governor, held-action and token-list resources with change
 * notifications, and the `review_before_swap` prompt. Connect it to a transport (stdio, or one Streamable HTTP
 * session). It holds no wallet key and no database: every action is a request to the API server.
 *
 * @example
 * ```ts
 * const server = createMcpServer({ client: new WalletOpsClient({ url, apiKey }) });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(parameters: CreateMcpServerParameters): Server {
  const { client } = parameters;
  const waitMaxSeconds = parameters.waitMaxSeconds ?? 50;
  const pollIntervalMs = parameters.pollIntervalMs ?? 1000;
  const progressIntervalMs = parameters.progressIntervalMs ?? 10_000;
  const server = new Server(
    { name: 'wallet-ops-mcp', title: 'Wallet operations', version },
    {
      capabilities: { tools: {}, resources: { subscribe: true }, prompts: {} },
      instructions: INSTRUCTIONS,
    },
  );
  const validator = new AjvJsonSchemaValidator();
  const tools = new Map(
    toolTable.map((tool) => [
      tool.name,
      {
        tool,
        input: validator.getValidator(tool.inputSchema as never),
        output: validator.getValidator(tool.outputSchema as never),
      },
    ]),
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolTable.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const entry = tools.get(request.params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const checked = entry.input(args);
    if (!checked.valid) {
      return {
        isError: true,
        content: [{ type: 'text', text: `VALIDATION_FAILED: ${checked.errorMessage}. Fix the arguments.` }],
      };
    }
    const idempotencyKey = entry.tool.movesFunds ? keyOf(args) : undefined;
    // An execute waits for its receipt and a follow tool waits on purpose: a client that asked for progress hears
    // from us every 10 s, so its request time-out (60 s in the SDK) can be reset instead of cutting the call.
    const progressToken = request.params._meta?.progressToken;
    let beats = 0;
    const heartbeat =
      progressToken === undefined
        ? undefined
        : setInterval(() => {
            beats += 1;
            extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: beats, message: `${entry.tool.name} still running` },
              })
              .catch(() => undefined);
          }, progressIntervalMs);
    try {
      const result = await entry.tool.run(args, {
        client,
        waitMaxSeconds,
        pollIntervalMs,
        signal: extra.signal,
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      });
      const valid = entry.output(result);
      if (!valid.valid) {
        // The API server answered something this tool does not describe: say so rather than send it unchecked.
        return {
          isError: true,
          content: [
            {
              type: 'text',
              text: `API_BAD_RESPONSE: the answer does not match ${entry.tool.name}'s output schema (${valid.errorMessage}).${idempotencyKey ? `\nidempotencyKey: ${idempotencyKey}` : ''}`,
            },
          ],
        };
      }
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (error) {
      if (error instanceof ApiRequestError) {
        return refusalResult({ error, client, idempotencyKey, signal: extra.signal });
      }
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  });

  registerResources(server, parameters);

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: [
      {
        name: reviewBeforeSwapPrompt.name,
        title: reviewBeforeSwapPrompt.title,
        description: reviewBeforeSwapPrompt.description,
        arguments: [...reviewBeforeSwapPrompt.arguments],
      },
    ],
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    if (request.params.name !== reviewBeforeSwapPrompt.name) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    }
    const args = request.params.arguments ?? {};
    for (const argument of reviewBeforeSwapPrompt.arguments) {
      if (argument.required && !args[argument.name]) {
        throw new McpError(ErrorCode.InvalidParams, `Missing argument: ${argument.name}`);
      }
    }
    return reviewBeforeSwapPrompt.render(args);
  });
  return server;
}

/** The idempotency key of a fund-moving call: the agent's, or a new one (returned to it). */
function keyOf(args: Record<string, unknown>): string {
  return typeof args.idempotencyKey === 'string' ? args.idempotencyKey : `mcp-${randomUUID()}`;
}

function registerResources(server: Server, parameters: CreateMcpServerParameters): void {
  const { client } = parameters;
  const subscribed = new Set<string>();
  const tokensPrefix = TOKENS_URI_TEMPLATE.slice(0, TOKENS_URI_TEMPLATE.indexOf('{'));

  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: resourceTable.map(({ uri, name, title, description }) => ({
      uri,
      name,
      title,
      description,
      mimeType: 'application/json',
    })),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: TOKENS_URI_TEMPLATE,
        name: 'tokens',
        title: 'Token list of a chain',
        description:
          'The native currency and the swappable tokens of a chain (name or id), with their addresses and decimals.',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const { uri } = request.params;
    let body: unknown;
    try {
      const fixed = resourceTable.find((resource) => resource.uri === uri);
      if (fixed) body = await fixed.read(client, extra.signal);
      else if (uri.startsWith(tokensPrefix) && uri.length > tokensPrefix.length) {
        const chain = decodeURIComponent(uri.slice(tokensPrefix.length));
        body = (await client.request({ path: '/swap/tokens', query: { chain }, signal: extra.signal })).body;
      } else throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        throw new McpError(ErrorCode.InternalError, `${error.code}: ${error.shortMessage}`);
      }
      throw error;
    }
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body) }] };
  });
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });

  const unsubscribe = parameters.subscribeEvents?.((type) => {
    for (const resource of resourceTable) {
      if (subscribed.has(resource.uri) && resource.changedBy(type)) {
        server.sendResourceUpdated({ uri: resource.uri }).catch(() => {
          // A closed session: nothing to notify.
        });
      }
    }
  });
  if (unsubscribe) {
    const previous = server.onclose;
    server.onclose = () => {
      unsubscribe();
      previous?.();
    };
  }
}
