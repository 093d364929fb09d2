import type { Governor } from '@org/governor';
import type { Address, ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { ActionTable } from '../actions/ActionModule.js';
import type { SafetyVerdictInput } from '../checkAcquiredTokens.js';
import type { GatewayEvent, GatewayReceipt, GatewaySettings, GatewaySteps } from '../gatewayTypes.js';
import type { SenderWindow } from '../SenderWindow.js';
import type { OutstandingApprovalStore } from '../store/OutstandingApprovalStore.js';
import type {
  ConfirmationStore,
  ExecutionRecord,
  ExecutionStore,
  FeeQuote,
  Hex,
  NonceManager,
} from '../types.js';

/** What the gateway signs: one transaction of the wallet (the key never leaves the gateway; steps get this). */
export interface UnsignedGatewayTransaction {
  readonly chainId: number;
  readonly nonce: number;
  readonly to: Address;
  readonly data: Hex;
  readonly value: bigint;
  readonly gasLimit: bigint;
  readonly fees: FeeQuote;
}

/**
 * Everything the steps of the pipeline work with: the ports given to the gateway (stores, governor, chain steps),
 * its settings, clock and audit hook, the in-flight window, and a signer — the one capability of the key that
 * leaves the gateway class (it signs what a step built; the key itself is never handed out). Built once per gateway
 * by {@link createGatewayContext}.
 */
export interface GatewayContext {
  /** The wallet's address. */
  readonly address: Address;
  readonly chains: readonly ChainInfo[];
  readonly provider: (chainId: number) => Promise<RpcSender>;
  readonly governor: Governor;
  readonly tokenSafety: { getReport(p: { chain: number; address: string }): Promise<SafetyVerdictInput> };
  readonly store: ExecutionStore;
  readonly confirmations: ConfirmationStore | undefined;
  /** The outstanding approvals (prerequisite approvals are entered here before they are signed). */
  readonly approvals: OutstandingApprovalStore | undefined;
  readonly nonces: NonceManager;
  readonly steps: GatewaySteps;
  /** The action modules the policy checks intents with (`undefined`: the default table). */
  readonly actions: ActionTable | undefined;
  readonly settings: GatewaySettings;
  readonly clock: () => number;
  readonly createId: () => string;
  readonly describeResult:
    | ((p: { record: ExecutionRecord; receipt: GatewayReceipt }) => Record<string, unknown>)
    | undefined;
  /** The audit hook (a no-op when none was given). */
  readonly emit: (event: GatewayEvent) => void;
  readonly window: SenderWindow;
  /** Signs with the wallet's key; returns the raw transaction. */
  readonly signTransaction: (transaction: UnsignedGatewayTransaction) => Promise<Hex>;
}
