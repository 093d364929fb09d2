// Constants of the approvals module (data, not logic: several exports in one file).

/** `keccak256("Approval(address,address,uint256)")` — ERC-20 (3 topics) and ERC-721 per-token (4 topics). */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

/** `keccak256("ApprovalForAll(address,address,bool)")` — ERC-721 and ERC-1155 operator approvals. */
export const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31';

/** An allowance at or above this (2**255) is treated as unlimited: tokens that subtract from max land here. */
export const UNLIMITED_ALLOWANCE_THRESHOLD = 1n << 255n;

/** 2**256 - 1: what `approve()` grants (kept for parity; our own flows approve exact amounts). */
export const MAX_ALLOWANCE = (1n << 256n) - 1n;

/** `approve(address,uint256)` selector (ERC-20; also ERC-721's per-token approve — same selector). */
export const APPROVE_SELECTOR = '0x095ea7b3';

/** `setApprovalForAll(address,bool)` selector (ERC-721 / ERC-1155). */
export const SET_APPROVAL_FOR_ALL_SELECTOR = '0xa22cb465';

/** ERC-165 interface id of ERC-721. */
export const ERC721_INTERFACE_ID = '0x80ac58cd';

/** First-scan lookback when neither `fromBlock` nor a per-chain start is given. */
export const DEFAULT_LOOKBACK_BLOCKS = 1_000_000;
