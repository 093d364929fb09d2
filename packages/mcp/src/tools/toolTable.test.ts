import { expect, it } from 'vitest';
import { toolTable } from './toolTable.js';

it('every fund-moving tool takes an idempotency key and is neither read-only nor idempotent without it', () => {
  const moving = toolTable.filter((tool) => tool.movesFunds).map((tool) => tool.name);
  expect(moving).toEqual([
    'swap_execute',
    'approval_revoke',
    'dca_create',
    'yield_compound',
    'bridge_execute',
  ]);
  for (const tool of toolTable) {
    expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    if (!tool.movesFunds) continue;
    expect(Object.keys(tool.inputSchema.properties ?? {}), tool.name).toContain('idempotencyKey');
    expect(tool.annotations.readOnlyHint, tool.name).toBe(false);
  }
  const readOnly = toolTable.filter((tool) => tool.annotations.readOnlyHint);
  for (const tool of readOnly) expect(tool.annotations.destructiveHint, tool.name).toBe(false);
});
