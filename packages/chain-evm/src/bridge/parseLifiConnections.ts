import { array, integer, object, token } from './lifiShape.js';
import type { LifiConnection, LifiToken } from './types.js';

/**
 * `/v1/connections` → its routes. Tokens whose address is not an EVM address (routes to non-EVM chains) are left
 * out; any other deviation from LI.FI's shape throws `BRIDGE_PROVIDER_BAD_RESPONSE`.
 *
 * @example
 * ```ts
 * parseLifiConnections(body).map((c) => `${c.fromChainId}→${c.toChainId}: ${c.toTokens.length} tokens`);
 * ```
 */
export function parseLifiConnections(body: unknown): LifiConnection[] {
  return array(object(body, 'connections')['connections'], 'connections.connections').map((value, i) => {
    const path = `connections.connections[${i}]`;
    const connection = object(value, path);
    const tokens = (key: 'fromTokens' | 'toTokens'): LifiToken[] =>
      array(connection[key], `${path}.${key}`)
        .filter((t) => /^0x[0-9a-fA-F]{40}$/.test(String((t as { address?: unknown } | null)?.address)))
        .map((t, j) => token(t, `${path}.${key}[${j}]`));
    return {
      fromChainId: integer(connection, 'fromChainId', path),
      toChainId: integer(connection, 'toChainId', path),
      fromTokens: tokens('fromTokens'),
      toTokens: tokens('toTokens'),
    };
  });
}
