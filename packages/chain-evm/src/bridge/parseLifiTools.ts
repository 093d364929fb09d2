import { array, bad, integer, object, string } from './lifiShape.js';
import type { LifiTools } from './types.js';

/**
 * `/v1/tools` → its bridges (with the chain pairs each supports) and exchanges (with their chains). Any deviation
 * from LI.FI's shape throws `BRIDGE_PROVIDER_BAD_RESPONSE`.
 *
 * @example
 * ```ts
 * parseLifiTools(body).bridges.map((b) => b.key); // ['across', 'stargateV2', …]
 * ```
 */
export function parseLifiTools(body: unknown): LifiTools {
  const root = object(body, 'tools');
  return {
    bridges: array(root['bridges'], 'tools.bridges').map((value, i) => {
      const path = `tools.bridges[${i}]`;
      const bridge = object(value, path);
      return {
        key: string(bridge, 'key', path),
        name: string(bridge, 'name', path),
        supportedChains: array(bridge['supportedChains'], `${path}.supportedChains`).map((pair, j) => {
          const p = object(pair, `${path}.supportedChains[${j}]`);
          return {
            fromChainId: integer(p, 'fromChainId', `${path}.supportedChains[${j}]`),
            toChainId: integer(p, 'toChainId', `${path}.supportedChains[${j}]`),
          };
        }),
      };
    }),
    exchanges: array(root['exchanges'], 'tools.exchanges').map((value, i) => {
      const path = `tools.exchanges[${i}]`;
      const exchange = object(value, path);
      return {
        key: string(exchange, 'key', path),
        name: string(exchange, 'name', path),
        supportedChains: array(exchange['supportedChains'], `${path}.supportedChains`).map((id, j) => {
          if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
            throw bad(`${path}.supportedChains[${j}]`, 'expected a chain id');
          }
          return id;
        }),
      };
    }),
  };
}
