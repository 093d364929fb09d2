import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

/** A token amount in an execution's intent. */
export interface ExecutionTokenAmountDto {
  token: string;
  symbol?: string;
  /** Base units, decimal string. */
  amount: string;
  /** @isInt */
  decimals?: number;
}

/** One signed transaction of an execution (a replacement adds another with the same nonce). */
export interface ExecutionTransactionDto {
  hash: string;
  /** @isLong */
  nonce: number;
  /** Wei, decimal string. */
  gasLimit: string;
  /** Wei per gas, decimal string (`gasPrice` on legacy chains). */
  maxFeePerGas: string;
  /** Wei per gas, decimal string; null on legacy chains. */
  maxPriorityFeePerGas: string | null;
  signedAt: string;
}

/**
 * One attempt to move funds, as the execution gateway recorded it. `status`: `preparing` (being checked),
 * `blocked` (refused before signing; `code` says why), `signed` / `pending` (sent; may still be mined — follow it
 * here), `confirmed`, `reverted` (mined and failed: the fee was spent), `failed` (nothing reached the chain),
 * `awaiting_confirmation` (held for an operator), `cancelled` (the operator's same-nonce cancel was mined instead:
 * the action did not happen, the cancel's fee was spent).
 */
export interface ExecutionDto {
  id: string;
  createdAt: string;
  updatedAt: string;
  chain: ChainRefDto;
  action: string;
  description: string;
  from: string;
  to: string;
  status:
    | 'preparing'
    | 'blocked'
    | 'signed'
    | 'pending'
    | 'confirmed'
    | 'reverted'
    | 'failed'
    | 'awaiting_confirmation'
    | 'cancelled';
  /** Refusal or failure code (`VALUE_UNKNOWN`, `TOKEN_UNSAFE`, `DAILY_LIMIT_EXCEEDED`, `TX_REVERTED`…). */
  code: string | null;
  reason: string | null;
  /** Native value sent with the call. */
  nativeValue: EthAmountDto;
  spends: ExecutionTokenAmountDto[];
  acquires: ExecutionTokenAmountDto[];
  /** ETH-equivalent charged to the spend governor (value + worst-case fee), null when it was never priced. */
  charged: EthAmountDto | null;
  /** @isLong */
  nonce: number | null;
  transactions: ExecutionTransactionDto[];
  /** The hash that was mined, once known. */
  txHash: string | null;
  /** @isLong */
  blockNumber: number | null;
  /**
   * The hash of the block it was mined in, as the receipt said. The reconciler compares it with the chain's block at
   * `blockNumber`: another hash there (a reorg) and its transaction no longer mined → back to `pending`, code
   * `REORGED`, re-broadcast and settled once. Null before it is mined (and on records settled before hashes were kept).
   */
  blockHash: string | null;
  /** Fee actually paid, once mined. */
  fee: EthAmountDto | null;
  /** What the action produced (e.g. amounts received, read from the receipt's Transfer logs). */
  result: Record<string, unknown> | null;
}

/** A page of executions, newest first. */
export interface ExecutionPageDto {
  items: ExecutionDto[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}
