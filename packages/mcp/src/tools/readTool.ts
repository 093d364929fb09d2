import type { ObjectSchema, ToolDefinition, ToolHints } from './ToolDefinition.js';

/** Parameters of {@link readTool}. */
export interface ReadToolParameters {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The input's properties (each becomes a query parameter of the same name, or a `{name}` of the path). */
  readonly input: Readonly<Record<string, object>>;
  readonly required?: readonly string[];
  readonly output: ObjectSchema;
  /** The API path; `{name}` segments are filled from the arguments (URL-encoded). */
  readonly path: string;
  /** Reaches a chain or a provider (default true). */
  readonly openWorld?: boolean;
}

/**
 * A read-only tool over one `GET` of the API server: arguments → query (and path) parameters, the answer's JSON →
 * structured content.
 *
 * @example
 * ```ts
 * readTool({ name: 'governor_status', title: '…', description: '…', input: {}, output, path: '/governor/status' });
 * ```
 */
export function readTool(parameters: ReadToolParameters): ToolDefinition {
  const annotations: ToolHints = {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: parameters.openWorld ?? true,
  };
  return {
    name: parameters.name,
    title: parameters.title,
    description: parameters.description,
    inputSchema: {
      type: 'object',
      properties: parameters.input,
      ...(parameters.required ? { required: parameters.required } : {}),
      additionalProperties: false,
    },
    outputSchema: parameters.output,
    annotations,
    movesFunds: false,
    run: async (args, { client, signal }) => {
      const { path, query } = fillPath(parameters.path, args);
      return (await client.request({ path, query, signal })).body as Record<string, unknown>;
    },
  };
}

/** `{name}` segments of `template` from `args` (URL-encoded); the other arguments as query parameters. */
export function fillPath(
  template: string,
  args: Readonly<Record<string, unknown>>,
): { path: string; query: Record<string, string | number | boolean> } {
  const query: Record<string, string | number | boolean> = {};
  const used = new Set<string>();
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    used.add(name);
    return encodeURIComponent(String(args[name]));
  });
  for (const [name, value] of Object.entries(args)) {
    if (used.has(name) || value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query[name] = value;
  }
  return { path, query };
}
