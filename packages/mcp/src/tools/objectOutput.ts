import type { ObjectSchema } from './ToolDefinition.js';

/**
 * An output schema naming the members an agent relies on (`required`, typed in `properties`) and allowing what the
 * API server may add later.
 *
 * @example
 * ```ts
 * objectOutput({ killSwitch: { type: 'boolean' } }); // { type: 'object', properties: …, required: ['killSwitch'] }
 * ```
 */
export function objectOutput(properties: Readonly<Record<string, object>>): ObjectSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: true };
}
