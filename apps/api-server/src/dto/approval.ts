import type { ExecutionDto } from './execution.js';
import type { EthAmountDto } from './governor.js';
import type { ChainRefDto } from './wallet.js';

/** The token (ERC-20) or collection (ERC-721/1155) an approval is on. */
export interface ApprovalTokenDto {
  address: string;
  /** `null` when the token has no readable `symbol()` (bytes32 symbols are decoded). */
  symbol: string | null;
  name: string | null;
  /**
   * `null` for NFT collections and tokens without a readable `decimals()`.
   * @isInt
   */
  decimals: number | null;
}

/** Who may spend. */
export interface ApprovalSpenderDto {
  address: string;
  /** The protocol's name when it is a known spender on this chain (`/approval/known-protocols`), else `null`. */
  name: string | null;
}

/** An ERC-20 allowance: human units (`null` when decimals are unknown) and base units. */
export interface AllowanceDto {
  amount: string | null;
  amountBase: string;
}

/** One live approval, read from the chain. */
export interface ApprovalDto {
  /** `erc20`: an allowance; `operator`: `setApprovalForAll` on an NFT collection. */
  kind: 'erc20' | 'operator';
  token: ApprovalTokenDto;
  spender: ApprovalSpenderDto;
  /** The current allowance (ERC-20); `null` for operators (every token of the collection). */
  allowance: AllowanceDto | null;
  /** The maximum, or ≥ 2**255; always true for operators. */
  unlimited: boolean;
  lastApproval: {
    /** @isLong */
    blockNumber: number;
    txHash: string;
  };
}

/** A pair whose state could not be read: unknown, not "no approval". */
export interface UnreadableApprovalDto {
  kind: 'erc20' | 'operator';
  token: string;
  spender: string;
  /** @isLong */
  lastApprovalBlock: number;
}

/** A block range (inclusive). */
export interface BlockRangeDto {
  /** @isLong */
  fromBlock: number;
  /** @isLong */
  toBlock: number;
}

/** `GET /approval/scan`. */
export interface ApprovalScanDto {
  chain: ChainRefDto;
  owner: string;
  /**
   * The block every allowance was read at.
   * @isLong
   */
  blockNumber: number;
  /**
   * Block range covered by this and earlier scans of this owner (logs of every block in it were read).
   * @isLong
   */
  fromBlock: number;
  /** @isLong */
  toBlock: number;
  /** Ranges read with `eth_getLogs` by this request (only new blocks on a repeat scan). */
  scannedRanges: BlockRangeDto[];
  approvals: ApprovalDto[];
  unreadable: UnreadableApprovalDto[];
  stats: {
    /** @isInt */
    logRequests: number;
    /** @isInt */
    logRefusals: number;
    /** @isInt */
    multicallBatches: number;
    /** @isInt */
    candidates: number;
  };
}

/** One factor of a risk score. */
export interface ApprovalRiskFactorDto {
  factor: string;
  /** @isInt */
  points: number;
  reason: string;
}

/** One approval with its risk. */
export interface ApprovalRiskDto extends ApprovalDto {
  /** The owner's balance of the token (ERC-20); `null` for operators or when unreadable. */
  balance: AllowanceDto | null;
  /** min(balance, allowance) in ETH-equivalent; `null` when it cannot be priced (never 0 for unknown). */
  valueAtRisk: EthAmountDto | null;
  /** `none` (EOA / no code), `delegated_eoa` (EIP-7702), `upgradeable` (EIP-1967 proxy), `contract`. */
  spenderCode: 'none' | 'delegated_eoa' | 'upgradeable' | 'contract';
  stale: boolean;
  /**
   * 0–100: the sum of the factors' points, capped.
   * @isInt
   */
  score: number;
  level: 'critical' | 'high' | 'medium' | 'low';
  factors: ApprovalRiskFactorDto[];
}

/** `GET /approval/risk`. */
export interface ApprovalRiskReportDto {
  chain: ChainRefDto;
  owner: string;
  /** @isLong */
  blockNumber: number;
  /** Worst first (score, then value at risk with unknown first). */
  approvals: ApprovalRiskDto[];
  summary: {
    /** Each token's exposed balance counted once, priced; `null` when anything is unpriceable (or NFTs). */
    totalValueAtRisk: EthAmountDto | null;
    /** The priced part (a lower bound when the total is `null`). */
    pricedValueAtRisk: EthAmountDto;
    /** @isInt */
    unpricedTokens: number;
    /** @isInt */
    operatorCollections: number;
    counts: {
      /** @isInt */
      critical: number;
      /** @isInt */
      high: number;
      /** @isInt */
      medium: number;
      /** @isInt */
      low: number;
    };
    /**
     * Approvals last made before this block are stale; `null` when `APPROVAL_MAX_AGE_DAYS` is 0.
     * @isLong
     */
    staleBeforeBlock: number | null;
    /** @isInt */
    maxAgeDays: number | null;
  };
  /** The points of every factor (the scoring rules, also in the README). */
  factorPoints: { [factor: string]: FactorPointsDto };
}

/**
 * The points of one risk factor.
 * @isInt
 */
export type FactorPointsDto = number;

/** Body of `POST /approval/revoke`. */
export interface ApprovalRevokeRequestDto {
  /**
   * Chain name, alias or id; optional when the server has a default chain.
   * @maxLength 64
   */
  chain?: string;
  /**
   * The token or NFT collection.
   * @maxLength 64
   */
  token: string;
  /** @maxLength 64 */
  spender: string;
  /** Which approval to clear; default: the ERC-20 allowance if any, else the operator approval. */
  kind?: 'erc20' | 'operator';
}

/** An approval's state as read from the chain. */
export interface ApprovalStateDto {
  /** ERC-20 allowance in base units; `null` when the token has no `allowance()`. */
  allowance: string | null;
  /** `isApprovedForAll`; `null` when the token has none. */
  approvedForAll: boolean | null;
}

/** Answer of `POST /approval/revoke`. */
export interface ApprovalRevokeDto {
  kind: 'erc20' | 'operator';
  execution: ExecutionDto;
  before: ApprovalStateDto;
  /** Read back from the chain after the revoke was mined; `null` while pending. */
  after: ApprovalStateDto | null;
}

/** Body of `POST /approval/revoke-all-unlimited`. */
export interface ApprovalRevokeAllRequestDto {
  /**
   * Chain name, alias or id; optional when the server has a default chain.
   * @maxLength 64
   */
  chain?: string;
}

/** One revoke of `POST /approval/revoke-all-unlimited`. */
export interface ApprovalRevokeResultDto {
  kind: 'erc20' | 'operator';
  token: ApprovalTokenDto;
  spender: ApprovalSpenderDto;
  /**
   * `confirmed`; `pending` (follow the execution); `blocked` (refused before signing, `code` says why); `failed`
   * (mined and reverted, or nothing could be sent); `skipped` (the kill switch stopped the run before this one).
   */
  outcome: 'confirmed' | 'pending' | 'blocked' | 'failed' | 'skipped';
  code: string | null;
  reason: string | null;
  execution: ExecutionDto | null;
}

/** Answer of `POST /approval/revoke-all-unlimited`. */
export interface ApprovalRevokeAllDto {
  chain: ChainRefDto;
  owner: string;
  /** @isLong */
  blockNumber: number;
  /** In nonce order. */
  results: ApprovalRevokeResultDto[];
  counts: {
    /** @isInt */
    confirmed: number;
    /** @isInt */
    pending: number;
    /** @isInt */
    blocked: number;
    /** @isInt */
    failed: number;
    /** @isInt */
    skipped: number;
  };
}

/** A well-known spender. */
export interface KnownProtocolDto {
  address: string;
  name: string;
}

/** `GET /approval/known-protocols`. */
export interface KnownProtocolsDto {
  chain: ChainRefDto;
  protocols: KnownProtocolDto[];
}
