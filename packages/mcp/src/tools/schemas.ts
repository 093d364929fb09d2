// Schema fragments shared by the tools. Output schemas name what an agent relies on and allow what the server may add.

export const chainInput = {
  type: 'string',
  maxLength: 64,
  description: 'Chain name, alias or id (e.g. "base", "8453"); optional when the server has a default chain.',
} as const;

export const tokenInput = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: '"ETH" for the native currency, a symbol from the token list resource, or a 0x address.',
} as const;

export const amountInput = {
  type: 'string',
  pattern: '^[0-9]+(\\.[0-9]+)?$',
  maxLength: 100,
  description: 'An amount in human units as a decimal string ("0.01"), never a float.',
} as const;

export const addressInput = {
  type: 'string',
  pattern: '^0x[0-9a-fA-F]{40}$',
  description: 'A 0x address.',
} as const;

export const idempotencyKeyInput = {
  type: 'string',
  pattern: '^[\\x21-\\x7e]{1,200}$',
  description:
    'Idempotency key of this action. Leave it out on the first call (one is generated and returned); on a retry ' +
    'of the same action pass the key you got back: the server never executes one key twice.',
} as const;

export const ethAmount = {
  type: 'object',
  properties: { eth: { type: 'string' }, wei: { type: 'string' } },
  required: ['eth', 'wei'],
} as const;

export const anyObject = { type: 'object', additionalProperties: true } as const;

export const nullableString = { type: ['string', 'null'] } as const;

/** The output of every tool that runs an execution through the gateway (swap, revoke, compound, bridge). */
export const executionOutcomeSchema = {
  type: 'object',
  properties: {
    idempotencyKey: { type: 'string', description: 'Pass it again to retry this very action safely.' },
    status: {
      type: 'string',
      description:
        'confirmed | pending | signed | awaiting_confirmation (held for an operator) | skipped | blocked | reverted | failed | cancelled',
    },
    executionId: nullableString,
    txHash: nullableString,
    confirmation: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'string' },
        expiresAt: { type: 'string' },
        reason: { type: 'string' },
      },
      required: ['id', 'expiresAt'],
    },
    next: { type: 'string', description: 'What to do next, in one sentence.' },
    response: anyObject,
  },
  required: ['idempotencyKey', 'status', 'executionId', 'txHash', 'confirmation', 'next', 'response'],
} as const;
