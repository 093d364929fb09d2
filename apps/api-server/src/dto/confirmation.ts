import type { EthAmountDto } from './governor.js';
import type { ExecutionDto } from './execution.js';
import type { ChainRefDto } from './wallet.js';

/** A token amount of a held action (base units). */
export interface HeldTokenAmountDto {
  token: string;
  /** Base units, decimal string. */
  amount: string;
  symbol?: string;
  /** @isInt */
  decimals?: number;
}

/**
 * The exact approval a held bridge or deposit needs: held with it, not sent — approving the action sends it first
 * (an outstanding approval, reset to zero once the action is over); denying it or letting it expire sends nothing.
 */
export interface HeldApprovalDto {
  /** The ERC-20 approved. */
  token: string;
  /** Who may spend it (the bridge's spender, the vault). */
  spender: string;
  /** Base units, decimal string: exactly what the action spends of the token. */
  amount: string;
  symbol?: string;
  /** @isInt */
  decimals?: number;
}

/** The safety verdict of one acquired token when the action was held. */
export interface HeldSafetyDto {
  token: string;
  isHoneypot: boolean | null;
  /** Percent; null when unknown. */
  buyTax: number | null;
  /** Percent; null when unknown. */
  sellTax: number | null;
}

/** A fund-moving action held for an operator's approval (`CONFIRM_MODE`). */
export interface ConfirmationDto {
  id: string;
  /** The execution it holds (`/executions/{id}`; status `awaiting_confirmation` while pending). */
  executionId: string;
  /**
   * `pending` (waiting for a decision), `approved` (not picked up yet), `running` (its execution is under way),
   * `settled` (its execution reached its end: `executionStatus` says how), `denied`, `expired`.
   */
  status: 'pending' | 'approved' | 'running' | 'settled' | 'denied' | 'expired';
  /** Where the execution it holds is now (`confirmed`, `pending`, `blocked`…); null when it cannot be read. */
  executionStatus: string | null;
  /** Why it was held. */
  reason: 'above-threshold' | 'value-unknown' | 'safety-unknown' | 'all' | 'value-grew';
  detail: string;
  createdAt: string;
  /** A pending confirmation is denied automatically at this time. */
  expiresAt: string;
  chain: ChainRefDto;
  action: string;
  description: string;
  /** The contract it calls. */
  to: string;
  nativeValue: EthAmountDto;
  spends: HeldTokenAmountDto[];
  acquires: HeldTokenAmountDto[];
  /** The approval held with the action (a bridge's, a deposit's), sent only if the operator approves it. */
  approvalFirst?: HeldApprovalDto;
  /** ETH-equivalent value priced when held (gas not counted); null when unknown. */
  value: EthAmountDto | null;
  /** The most the approved action may be charged (gas not counted). */
  approvedValue: EthAmountDto | null;
  /** Gas limit of the simulation when held. */
  gasLimit: string | null;
  safety: HeldSafetyDto[];
  decidedAt: string | null;
  decidedBy: string | null;
  note: string | null;
}

/** A page of held actions, newest first. */
export interface ConfirmationPageDto {
  items: ConfirmationDto[];
  nextCursor: string | null;
}

/** Body of `POST /confirmations/{id}/approve`. */
export interface ApproveConfirmationRequestDto {
  /**
   * Only for an action held because its value was unknown: the most the governor may charge for it, in ETH (decimal
   * string, ≤ 18 places). Ignored otherwise: the approval is bound to the value that was held.
   * @maxLength 100
   */
  value?: string;
  /**
   * A note for the audit trail (1 to 500 characters).
   * @minLength 1
   * @maxLength 500
   */
  note?: string;
}

/** Body of `POST /confirmations/{id}/deny`. */
export interface DenyConfirmationRequestDto {
  /**
   * A note for the audit trail (1 to 500 characters).
   * @minLength 1
   * @maxLength 500
   */
  note?: string;
}

/** What deciding a held action did. */
export interface ConfirmationDecisionDto {
  confirmation: ConfirmationDto;
  /** The execution as it stands after the decision (confirmed, pending, held again, blocked…). */
  execution: ExecutionDto;
}
