import type { Address } from '../chains/chains.js';
import { RpcError } from '../errors/RpcError.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from '../rpc/rpcCall.js';
import type { SpenderCodeKind } from './types.js';

/** EIP-1967 `bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1)`. */
const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
/** EIP-1967 `bytes32(uint256(keccak256('eip1967.proxy.beacon')) - 1)`. */
const BEACON_SLOT = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';

/** Parameters of {@link inspectSpenders}. */
export interface InspectSpendersParameters {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly spenders: readonly Address[];
  /** Block to read at (default `'latest'`). */
  readonly blockTag?: bigint | 'latest';
  /** Requests in flight at once (default 8). */
  readonly concurrency?: number;
  readonly timeoutMs?: number;
}

/**
 * What each spender is, read from the chain: no code (an EOA or a destroyed contract), an EOA with an EIP-7702
 * delegation (`0xef0100 ‖ address`), an upgradeable proxy (EIP-1967 implementation or beacon slot set: its code can
 * change under the approval), or a contract. One `eth_getCode` per distinct spender, plus two `eth_getStorageAt` for
 * contracts. Keyed by lower-case address.
 *
 * @example
 * ```ts
 * const kinds = await inspectSpenders({ provider, chainId: 1, spenders: approvals.map((a) => a.spender) });
 * kinds.get(router.toLowerCase()); // 'contract'
 * ```
 */
export async function inspectSpenders({
  provider,
  chainId,
  spenders,
  blockTag = 'latest',
  concurrency = 8,
  timeoutMs,
}: InspectSpendersParameters): Promise<Map<string, SpenderCodeKind>> {
  const tag = typeof blockTag === 'bigint' ? `0x${blockTag.toString(16)}` : blockTag;
  const call = async (method: string, params: unknown[]): Promise<string> => {
    const raw = await rpcCall({
      chainId,
      method,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      run: () => provider.send(method, params),
    });
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]*$/.test(raw)) {
      throw new RpcError('RPC_ERROR', { chainId, method, details: 'answer is not hex' });
    }
    return raw;
  };
  const inspect = async (spender: Address): Promise<SpenderCodeKind> => {
    const code = await call('eth_getCode', [spender, tag]);
    if (code === '0x') return 'none';
    if (/^0xef0100[0-9a-fA-F]{40}$/i.test(code)) return 'delegated_eoa';
    const [implementation, beacon] = await Promise.all([
      call('eth_getStorageAt', [spender, IMPLEMENTATION_SLOT, tag]),
      call('eth_getStorageAt', [spender, BEACON_SLOT, tag]),
    ]);
    const set = (word: string) => word !== '0x' && BigInt(word) !== 0n;
    return set(implementation) || set(beacon) ? 'upgradeable' : 'contract';
  };
  const unique = [...new Map(spenders.map((s) => [s.toLowerCase(), s])).values()];
  const out = new Map<string, SpenderCodeKind>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const spender = unique[next++] as Address;
      out.set(spender.toLowerCase(), await inspect(spender));
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), unique.length) }, worker));
  return out;
}
