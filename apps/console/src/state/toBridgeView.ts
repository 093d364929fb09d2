import type { Execution } from '../api/schemas';
import { forPeople } from '../format/forPeople';
import { formatUnits } from '../format/formatUnits';

/** A bridge transfer as the bridge panel shows it (read from an execution with `action: 'bridge'`). */
export interface BridgeView {
  readonly executionId: string;
  /**
   * The transfer's state (`pending`, `bridging`, `completed`, `partial`, `refunded`, `failed`, `stuck`); before the
   * bridge transaction is confirmed, the execution's status (`awaiting_confirmation`, `pending`, `blocked`…).
   */
  readonly state: string;
  /** Whether `state` is the transfer's (true) or the source transaction's (false). */
  readonly followed: boolean;
  /** `chain 31337 → chain 10`. */
  readonly route: string;
  /** What left the wallet: `100 USDC`. */
  readonly sent: string;
  readonly reason: string;
  readonly sourceTxHash: string | null;
  readonly destinationTxHash: string | null;
  readonly destinationChain: string | null;
  /** What arrived, in the destination token's units and symbol when the record keeps them (base units otherwise), null until known. */
  readonly received: string | null;
  /** Alerts raised for it, oldest first: severity, kind, reason. */
  readonly alerts: readonly { readonly id: string; readonly severity: string; readonly text: string }[];
  /** Why the provider's status cannot be read right now (the follow goes on), if so. */
  readonly statusUnavailable: string | null;
  /** The mark of a reorg: the source transaction's block (number, hash) was reorganized away, and when; else null. */
  readonly sourceReorg: string | null;
  readonly updatedAt: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** The chains the console knows by name (the registry's); an id it does not know is said as such. */
const CHAIN_NAMES: Record<number, string> = {
  1: 'ethereum',
  10: 'optimism',
  56: 'bsc',
  137: 'polygon',
  8453: 'base',
  42161: 'arbitrum',
  43114: 'avalanche',
  59144: 'linea',
  11155111: 'sepolia',
  31337: 'devnet',
  31338: 'devnet-b',
};
const chainText = (id: number | null, name?: string | null) =>
  name ?? (id === null ? 'unknown chain' : (CHAIN_NAMES[id] ?? `chain ${id}`));
const at = (ms: number | null) => (ms === null ? 'unknown time' : new Date(ms).toISOString());

/**
 * One bridge execution for display, or `undefined` for any other action. The transfer comes from the record's
 * `result.bridge` (written once the source transaction is confirmed); fields it lacks are shown as unknown, never
 * guessed. Amounts are exact (base units through bigint formatting).
 *
 * @example
 * ```ts
 * const view = toBridgeView(execution); // BridgeView | undefined
 * view?.state; // 'bridging'
 * ```
 */
export function toBridgeView(e: Execution): BridgeView | undefined {
  if (e.action !== 'bridge') return undefined;
  const b = obj(obj(e.result)?.bridge);
  const spend = e.spends[0];
  const native = e.nativeValue.wei !== '0' ? `${forPeople(e.nativeValue.eth)} ETH` : null;
  const sent = spend
    ? spend.decimals === undefined
      ? `${spend.amount} base units of ${spend.symbol ?? spend.token}`
      : `${forPeople(formatUnits(spend.amount, spend.decimals))} ${spend.symbol ?? spend.token}`
    : (native ?? (str(b?.fromAmount) ? `${str(b?.fromAmount)} base units` : 'unknown'));
  const base = {
    executionId: e.id,
    sent,
    updatedAt: e.updatedAt,
  };
  if (b === null)
    return {
      ...base,
      state: e.status,
      followed: false,
      route: `${e.chain.name} → another chain`,
      reason:
        e.reason ??
        (e.status === 'confirmed'
          ? 'the bridge transaction is confirmed; the transfer is not followed yet'
          : 'the bridge transaction is not confirmed yet'),
      sourceTxHash: e.txHash,
      destinationTxHash: null,
      destinationChain: null,
      received: null,
      alerts: [],
      statusUnavailable: null,
      sourceReorg: null,
    };
  const received = str(b.amountReceived);
  const tokenReceived = str(b.tokenReceived);
  const lastError = obj(b.lastError);
  const alerts: Json[] = Array.isArray(b.alerts)
    ? b.alerts.flatMap((a: unknown): Json[] => {
        const o = obj(a);
        return o === null ? [] : [o];
      })
    : [];
  return {
    ...base,
    state: str(b.state) ?? 'unknown',
    followed: true,
    route: `${e.chain.name} → ${chainText(num(b.toChainId), str(b.toChainName))}`,
    reason: str(b.reason) ?? '',
    sourceTxHash: str(b.sourceTxHash) ?? e.txHash,
    destinationTxHash: str(b.destinationTxHash),
    destinationChain:
      num(b.destinationChainId) === null
        ? null
        : chainText(
            num(b.destinationChainId),
            num(b.destinationChainId) === num(b.toChainId) ? str(b.toChainName) : null,
          ),
    received: receivedText(received, tokenReceived, b),
    alerts: alerts.map((a, i) => ({
      id: str(a.id) ?? String(i),
      severity: str(a.severity) ?? 'unknown',
      text: `${str(a.kind) ?? 'alert'}: ${str(a.reason) ?? ''} (${at(num(a.createdAt))})`,
    })),
    statusUnavailable:
      lastError === null
        ? null
        : `${str(lastError.code) ?? 'BRIDGE_STATUS_UNAVAILABLE'}: ${str(lastError.message) ?? ''} (${at(num(lastError.at))})`,
    sourceReorg: reorgText(obj(b.sourceReorg)),
  };
}

/** The reorg mark in words: which block of the source transaction went away, and when. */
function reorgText(r: Json | null): string | null {
  if (r === null) return null;
  const block = num(r.blockNumber);
  const hash = str(r.blockHash);
  return `block ${block ?? 'unknown'}${hash === null ? '' : ` (${hash})`} was reorganized away (${at(num(r.at))}); followed again`;
}

/** What arrived: in the destination token's units when it is the token quoted (its decimals kept on the record). */
function receivedText(received: string | null, token: string | null, b: Json): string | null {
  if (received === null) return null;
  const decimals = num(b.toTokenDecimals);
  const quoted = token === null || token.toLowerCase() === (str(b.toToken) ?? '').toLowerCase();
  if (decimals !== null && quoted) {
    return `${forPeople(formatUnits(received, decimals))} ${str(b.toTokenSymbol) ?? token ?? 'of the token'}`;
  }
  return `${received} base units${token === null ? '' : ` of ${token}`}`;
}
