import { objectOutput } from './objectOutput.js';
import type { ToolDefinition } from './ToolDefinition.js';

/** `kill_switch_engage`: stops every fund-moving action (`POST /governor/kill`); only an operator can release it. */
export const killSwitchTool: ToolDefinition = {
  name: 'kill_switch_engage',
  title: 'Engage the kill switch',
  description:
    'Stops every fund-moving action of this wallet at once (swaps, approvals, DCA fills, deposits, bridges), persisted across restarts. Use it when something looks wrong. No tool can release it: only the operator can.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: objectOutput({ killSwitch: { type: 'boolean' } }),
  // It blocks, it does not move or destroy anything; engaging it twice is the same as once.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  movesFunds: false,
  run: async (_args, { client, signal }) =>
    (await client.request({ method: 'POST', path: '/governor/kill', signal })).body as Record<
      string,
      unknown
    >,
};
