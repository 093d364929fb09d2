import { getAddress } from 'ethers';
import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';
import type { AlertSeverity, WatchAlert, WatchBaseline, WatchThresholds } from './types.js';

/** An outgoing ERC-20 transfer of the wallet seen in the cycle's logs, valued (null = unpriceable). */
export interface ObservedTransfer {
  readonly token: Address;
  readonly amount: bigint;
  readonly valueWei: bigint | null;
  readonly txHash: Hex;
  readonly block: number;
}

/** A new approval of the wallet seen in the cycle's logs, and its state on chain now. */
export interface ObservedApproval {
  readonly token: Address;
  readonly spender: Address;
  readonly kind: 'erc20' | 'operator';
  /** ERC-20 allowance now; null for an operator approval. */
  readonly allowance: bigint | null;
  readonly unlimited: boolean;
  /** The spender's name when it is a known protocol, else null. */
  readonly knownSpender: string | null;
  readonly txHash: Hex;
  readonly block: number;
}

/** Parameters of {@link detectWatchAlerts}. */
export interface DetectWatchAlertsParameters {
  readonly chainId: number;
  readonly address: Address;
  readonly thresholds: WatchThresholds;
  readonly previous: WatchBaseline;
  readonly current: WatchBaseline;
  /** ETH-equivalent value of each asset's absolute change (key `native` or the lowercase token); null = unpriceable. */
  readonly changeValues: ReadonlyMap<string, bigint | null>;
  readonly transfersOut: readonly ObservedTransfer[];
  /** Only approvals that are still live (allowance > 0 or operator approved). */
  readonly approvals: readonly ObservedApproval[];
  readonly at: number;
  readonly createId: () => string;
}

/**
 * The watcher's alert rule (pure), for one wallet between two baselines:
 * - `large-outgoing` (high): an outgoing ERC-20 transfer worth at least `largeOutgoingWei`, or a native balance that
 *   fell by at least that much (native transfers leave no log);
 * - `balance-change`: an asset whose balance moved by at least `minChangeWei` in ETH-equivalent — or by any amount
 *   when it cannot be priced (never assumed small) — unless a `large-outgoing` alert already covers that asset;
 *   `medium` when it went out or is unpriceable, `low` when it came in;
 * - `new-approval` (when `alertOnApproval`): every approval still live; `high` when unlimited (or an NFT operator)
 *   or to a spender that is not a known protocol, else `medium`.
 *
 * @example
 * ```ts
 * const alerts = detectWatchAlerts({ chainId, address, thresholds, previous, current, changeValues, transfersOut: [], approvals: [], at: Date.now(), createId });
 * ```
 */
export function detectWatchAlerts(p: DetectWatchAlertsParameters): WatchAlert[] {
  const alerts: WatchAlert[] = [];
  const push = (
    kind: WatchAlert['kind'],
    severity: AlertSeverity,
    details: Record<string, unknown>,
    txHash: Hex | null,
    block: number | null,
  ) =>
    alerts.push({
      id: p.createId(),
      createdAt: p.at,
      chainId: p.chainId,
      address: p.address,
      kind,
      severity,
      details,
      txHash,
      block,
    });
  const largeFor = new Set<string>();
  for (const t of p.transfersOut) {
    if (t.valueWei !== null && t.valueWei >= p.thresholds.largeOutgoingWei) {
      largeFor.add(t.token.toLowerCase());
      push(
        'large-outgoing',
        'high',
        { asset: getAddress(t.token), amount: t.amount.toString(), valueWei: t.valueWei.toString() },
        t.txHash,
        t.block,
      );
    }
  }
  const nativeDrop = p.previous.native - p.current.native;
  if (nativeDrop > 0n && nativeDrop >= p.thresholds.largeOutgoingWei) {
    largeFor.add('native');
    push(
      'large-outgoing',
      'high',
      { asset: 'native', amount: nativeDrop.toString(), valueWei: nativeDrop.toString() },
      null,
      p.current.block,
    );
  }
  const assets = new Set(['native', ...Object.keys(p.previous.tokens), ...Object.keys(p.current.tokens)]);
  for (const asset of assets) {
    const before = asset === 'native' ? p.previous.native : (p.previous.tokens[asset] ?? 0n);
    const after = asset === 'native' ? p.current.native : (p.current.tokens[asset] ?? 0n);
    if (before === after || largeFor.has(asset)) continue;
    const value =
      asset === 'native' ? (after > before ? after - before : before - after) : p.changeValues.get(asset);
    if (value !== null && value !== undefined && value < p.thresholds.minChangeWei) continue;
    const direction = after > before ? 'in' : 'out';
    push(
      'balance-change',
      direction === 'out' || value === null || value === undefined ? 'medium' : 'low',
      {
        asset: asset === 'native' ? 'native' : getAddress(asset),
        direction,
        before: before.toString(),
        after: after.toString(),
        valueWei: value === null || value === undefined ? null : value.toString(),
      },
      null,
      p.current.block,
    );
  }
  if (p.thresholds.alertOnApproval) {
    for (const a of p.approvals) {
      push(
        'new-approval',
        a.unlimited || a.knownSpender === null ? 'high' : 'medium',
        {
          token: getAddress(a.token),
          spender: getAddress(a.spender),
          spenderName: a.knownSpender,
          kind: a.kind,
          allowance: a.allowance === null ? null : a.allowance.toString(),
          unlimited: a.unlimited,
        },
        a.txHash,
        a.block,
      );
    }
  }
  return alerts;
}
