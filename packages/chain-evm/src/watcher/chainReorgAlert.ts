import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';
import type { WatchAlert, WatchBaseline } from './types.js';

/** Parameters of {@link chainReorgAlert}. */
export interface ChainReorgAlertParameters {
  readonly chainId: number;
  readonly address: Address;
  /** The baseline whose block the chain no longer has. */
  readonly previous: WatchBaseline;
  /** The new baseline, read at the head. */
  readonly current: WatchBaseline;
  /** The hash the chain has now at the previous baseline's height. */
  readonly chainHash: Hex;
  readonly at: number;
  readonly createId: () => string;
}

/**
 * The `chain-reorg` alert (pure; severity medium) of a wallet re-baselined because its baseline block was replaced:
 * both hashes, the old and new baseline blocks, and every balance that differs across the two (`changes`, base-unit
 * decimal strings, `native` or the token address) — not attributed to any transaction, but never hidden.
 *
 * @example
 * ```ts
 * const alert = chainReorgAlert({ chainId, address, previous, current, chainHash, at: Date.now(), createId });
 * ```
 */
export function chainReorgAlert(p: ChainReorgAlertParameters): WatchAlert {
  const { previous, current } = p;
  const changes: { asset: string; before: string; after: string }[] = [];
  if (previous.native !== current.native) {
    changes.push({ asset: 'native', before: previous.native.toString(), after: current.native.toString() });
  }
  for (const token of new Set([...Object.keys(previous.tokens), ...Object.keys(current.tokens)])) {
    const [before, after] = [previous.tokens[token] ?? 0n, current.tokens[token] ?? 0n];
    if (after !== before) changes.push({ asset: token, before: before.toString(), after: after.toString() });
  }
  return {
    id: p.createId(),
    createdAt: p.at,
    chainId: p.chainId,
    address: p.address,
    kind: 'chain-reorg',
    severity: 'medium',
    details: {
      reason: 'baseline-block-replaced',
      baselineBlock: previous.block,
      baselineHash: previous.blockHash,
      chainHash: p.chainHash,
      headBlock: current.block,
      newBaselineBlock: current.block,
      changes,
    },
    txHash: null,
    block: previous.block,
  };
}
