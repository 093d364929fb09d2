import type { WalletOpsClient } from '../client/WalletOpsClient.js';

/** One resource the MCP server offers: a fixed URI read from one API path. */
export interface FixedResource {
  readonly uri: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** Reads its JSON. */
  readonly read: (client: WalletOpsClient, signal: AbortSignal) => Promise<unknown>;
  /** True when an event of this type may change it (a change notification is sent to subscribers). */
  readonly changedBy: (eventType: string) => boolean;
}

/** URI of the governor's state. */
export const GOVERNOR_URI = 'wallet-ops://governor';
/** URI of the open held actions. */
export const HELD_ACTIONS_URI = 'wallet-ops://held-actions';
/** URI template of a chain's token list. */
export const TOKENS_URI_TEMPLATE = 'wallet-ops://tokens/{chain}';

/** The fixed resources; the token lists are a template (`wallet-ops://tokens/{chain}`). */
export const resourceTable: readonly FixedResource[] = [
  {
    uri: GOVERNOR_URI,
    name: 'governor',
    title: 'Spend governor: caps and what is left',
    description:
      'The kill switch, the caps per transaction, per day and per session (ETH-equivalent), what is spent and what is left in each window, open reservations. Updated on governor and execution events.',
    read: async (client, signal) => (await client.request({ path: '/governor/status', signal })).body,
    changedBy: (type) =>
      type.startsWith('governor.') || type.startsWith('execution.') || type === 'confirmation.decided',
  },
  {
    uri: HELD_ACTIONS_URI,
    name: 'held-actions',
    title: 'Held actions waiting for the operator',
    description:
      "Fund-moving actions held for the operator's approval (CONFIRM_MODE), newest first, with their expiry. Updated when one is held or decided.",
    read: async (client, signal) =>
      (await client.request({ path: '/confirmations', query: { status: 'pending', limit: 100 }, signal }))
        .body,
    changedBy: (type) => type === 'execution.held' || type === 'confirmation.decided',
  },
];
