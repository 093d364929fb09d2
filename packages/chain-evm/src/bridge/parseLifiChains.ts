import { array, integer, object, optionalAddress, string, token } from './lifiShape.js';
import type { LifiChain } from './types.js';

/**
 * `/v1/chains` → the EVM chains LI.FI lists (entries of another `chainType` are skipped: their addresses are not EVM
 * addresses). A body that is not `{ chains: [...] }` with typed fields throws `BRIDGE_PROVIDER_BAD_RESPONSE`.
 *
 * @example
 * ```ts
 * parseLifiChains({ chains: [...] })[0].diamondAddress; // a cross-check only, never an allowlist source
 * ```
 */
export function parseLifiChains(body: unknown): LifiChain[] {
  const list = array(object(body, 'chains')['chains'], 'chains.chains');
  const chains: LifiChain[] = [];
  list.forEach((value, i) => {
    const path = `chains.chains[${i}]`;
    const chain = object(value, path);
    const chainType = string(chain, 'chainType', path);
    if (chainType !== 'EVM') return;
    chains.push({
      id: integer(chain, 'id', path),
      key: string(chain, 'key', path),
      name: string(chain, 'name', path),
      chainType,
      nativeToken:
        chain['nativeToken'] === undefined || chain['nativeToken'] === null
          ? null
          : token(chain['nativeToken'], `${path}.nativeToken`),
      diamondAddress: optionalAddress(chain, 'diamondAddress', path),
      permit2: optionalAddress(chain, 'permit2', path),
      permit2Proxy: optionalAddress(chain, 'permit2Proxy', path),
    });
  });
  return chains;
}
