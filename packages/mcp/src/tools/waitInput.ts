/** The `waitSeconds` input of the follow tools. */
export const waitInput = {
  type: 'integer',
  minimum: 0,
  maximum: 600,
  description:
    "How long to wait for a final state, in seconds (default 30; capped by the server's MCP_WAIT_MAX_SECONDS). 0 reads once.",
} as const;

/** Milliseconds to wait: the asked seconds (default 30), never more than `maxSeconds`. */
export function waitMsOf(asked: unknown, maxSeconds: number): number {
  const seconds = typeof asked === 'number' ? asked : 30;
  return Math.max(0, Math.min(seconds, maxSeconds)) * 1000;
}
