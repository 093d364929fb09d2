// Validation shared by the memory and SQLite watch stores, so both accept and refuse exactly the same inputs.
import { getAddress, isAddress } from 'ethers';
import type { Address } from '../../chains/chains.js';
import { checkListParameters } from '../../gateway/store/checkListParameters.js';
import type { ExecutionCursorPosition } from '../../gateway/store/executionCursor.js';
import type { Hex } from '../../gateway/types.js';
import {
  hex,
  invalid,
  nonNegativeBigint,
  nonNegativeInteger,
  nullableText,
  oneOf,
  text,
} from '../../gateway/store/storeInput.js';
import type {
  AlertKind,
  AlertSeverity,
  ListAlertsParameters,
  WatchAlert,
  WatchBaseline,
  WatchDeferral,
  WatchThresholds,
} from '../types.js';

export const ALERT_KINDS: readonly AlertKind[] = [
  'balance-change',
  'large-outgoing',
  'new-approval',
  'chain-reorg',
];
export const DEFERRAL_REASONS: readonly WatchDeferral['reason'][] = ['head-behind-baseline'];
export const SEVERITIES: readonly AlertSeverity[] = ['low', 'medium', 'high'];

/** The (chain, address) key both stores use. */
export function walletKey(
  chainId: unknown,
  address: unknown,
): { chainId: number; address: Address; key: string } {
  const id = nonNegativeInteger(chainId, 'chainId');
  if (typeof address !== 'string' || !isAddress(address)) throw invalid('address');
  const checksummed = getAddress(address) as Address;
  return { chainId: id, address: checksummed, key: `${id}:${checksummed.toLowerCase()}` };
}

export function checkThresholds(t: WatchThresholds): WatchThresholds {
  if (typeof t !== 'object' || t === null) throw invalid('thresholds');
  return {
    minChangeWei: nonNegativeBigint(t.minChangeWei, 'minChangeWei'),
    largeOutgoingWei: nonNegativeBigint(t.largeOutgoingWei, 'largeOutgoingWei'),
    alertOnApproval:
      typeof t.alertOnApproval === 'boolean'
        ? t.alertOnApproval
        : (() => {
            throw invalid('alertOnApproval');
          })(),
  };
}

export function checkBaseline(b: WatchBaseline): WatchBaseline {
  if (typeof b !== 'object' || b === null) throw invalid('baseline');
  const tokens: Record<string, bigint> = {};
  for (const [token, amount] of Object.entries(b.tokens ?? {})) {
    tokens[hex(token, 'baseline token', 20).toLowerCase()] = nonNegativeBigint(
      amount,
      'baseline token balance',
    );
  }
  return {
    block: nonNegativeInteger(b.block, 'baseline block'),
    blockHash:
      b.blockHash === null ? null : (hex(b.blockHash, 'baseline block hash', 32).toLowerCase() as Hex),
    native: nonNegativeBigint(b.native, 'native'),
    tokens,
  };
}

/** Validated parameters of `recordDeferral`. */
export function checkDeferral(p: {
  previousBlock: number;
  reason: WatchDeferral['reason'];
  headBlock: number;
  at: number;
}): { previousBlock: number; reason: WatchDeferral['reason']; headBlock: number; at: number } {
  return {
    previousBlock: nonNegativeInteger(p.previousBlock, 'previousBlock'),
    reason: oneOf(p.reason, DEFERRAL_REASONS, 'deferral reason'),
    headBlock: nonNegativeInteger(p.headBlock, 'headBlock'),
    at: nonNegativeInteger(p.at, 'at'),
  };
}

export function checkAlert(a: WatchAlert): WatchAlert {
  if (typeof a !== 'object' || a === null) throw invalid('alert');
  const { chainId, address } = walletKey(a.chainId, a.address);
  let details: Record<string, unknown>;
  try {
    details = JSON.parse(JSON.stringify(a.details)) as Record<string, unknown>;
  } catch {
    throw invalid('alert details', 'not JSON');
  }
  return {
    id: text(a.id, 'alert id'),
    createdAt: nonNegativeInteger(a.createdAt, 'alert time'),
    chainId,
    address,
    kind: oneOf(a.kind, ALERT_KINDS, 'alert kind'),
    severity: oneOf(a.severity, SEVERITIES, 'severity'),
    details,
    txHash: a.txHash === null ? null : hex(a.txHash, 'txHash', 32),
    block: a.block === null ? null : nonNegativeInteger(a.block, 'alert block'),
  };
}

export function checkLabel(label: unknown): string | null {
  return nullableText(label, 'label', 200);
}

/** Validated {@link ListAlertsParameters}. */
export function checkAlertList(p: ListAlertsParameters): {
  limit: number;
  after: ExecutionCursorPosition | null;
  since: number | null;
  severity: AlertSeverity | null;
  address: string | null;
} {
  const { limit, after } = checkListParameters({
    limit: p?.limit,
    ...(p?.cursor === undefined ? {} : { cursor: p.cursor }),
  } as { limit: number; cursor?: string });
  return {
    limit,
    after,
    since: p.since === undefined ? null : nonNegativeInteger(p.since, 'since'),
    severity: p.severity === undefined ? null : oneOf(p.severity, SEVERITIES, 'severity'),
    address: p.address === undefined ? null : walletKey(0, p.address).address.toLowerCase(),
  };
}
