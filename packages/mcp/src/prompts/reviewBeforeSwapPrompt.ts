import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';

/** The `review_before_swap` prompt: quote → safety → execute, with the refusals that stop the walk. */
export const reviewBeforeSwapPrompt = {
  name: 'review_before_swap',
  title: 'Review before you swap',
  description:
    'Walks a swap safely: quote it, check the token and the caps, then execute once with an idempotency key.',
  arguments: [
    { name: 'tokenIn', description: '"ETH", a symbol or an address', required: true },
    { name: 'tokenOut', description: '"ETH", a symbol or an address', required: true },
    { name: 'amountIn', description: 'Human units, a decimal string ("0.01")', required: true },
    { name: 'chain', description: 'Chain name or id (optional)', required: false },
  ],
  /** The messages of the prompt for these arguments. */
  render(args: Readonly<Record<string, string | undefined>>): GetPromptResult {
    const chain = args.chain ? `, chain "${args.chain}"` : '';
    const swap = `tokenIn "${args.tokenIn}", tokenOut "${args.tokenOut}", amountIn "${args.amountIn}"${chain}`;
    const text = [
      `I want to swap: ${swap}. Review it before anything moves:`,
      `1. Call swap_quote with ${swap}. Note amountOut, amountOutMin, priceImpactBps and value (the ETH-equivalent the spend governor will charge). If value is null, stop: execute would be refused VALUE_UNKNOWN.`,
      '2. If safety is not null: stop when safety.allowed is false (the code says why: TOKEN_UNSAFE is final). Otherwise call token_safety on the token bought and read isHoneypot, the taxes and the warnings; stop on anything unknown.',
      '3. Call governor_status (or read the wallet-ops://governor resource): stop if killSwitch is true or value is above remaining.perTx; say which cap would refuse it.',
      '4. Tell me the quote, the verdict and the value, and ask me to confirm.',
      '5. Only after I confirm, call swap_execute once with the same arguments. Keep the idempotencyKey it returns: if the call fails without an answer, retry with that key, never without it.',
      '6. If the status is awaiting_confirmation, the operator must approve: call follow_held_action with the confirmation id and tell me its expiry. If it is pending, call follow_execution. Report the transaction hash.',
      'If any tool answers isError, read its first line (the code) and its hint; do not work around a refusal.',
    ].join('\n');
    return {
      description: `Review a swap of ${args.amountIn} ${args.tokenIn} for ${args.tokenOut} before executing it`,
      messages: [{ role: 'user', content: { type: 'text', text } }],
    };
  },
} as const;
