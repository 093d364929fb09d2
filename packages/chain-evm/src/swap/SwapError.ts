import { BaseError, type BaseErrorParameters } from '../errors/BaseError.js';

/** Codes of {@link SwapError}; stable, part of the public API. */
export type SwapErrorCode =
  /** A symbol that is not on the chain's token list, or an address that is not a readable ERC-20. */
  | 'SWAP_TOKEN_UNKNOWN'
  /** A symbol that matches more than one token of the list: pass the address instead. */
  | 'SWAP_TOKEN_AMBIGUOUS'
  /** Token in and token out are the same asset (native and its wrapped token count as the same). */
  | 'SWAP_SAME_TOKEN'
  /** An amount that is not a positive uint256 (zero, negative, too large). */
  | 'INVALID_AMOUNT'
  /** Slippage (or a transfer fee) outside 0..10,000 basis points, or not an integer. */
  | 'INVALID_SLIPPAGE'
  /** A parameter that is malformed (path, fee tier, deadline, token list entry). */
  | 'INVALID_SWAP_PARAMETER'
  /** The chain has no wrapped native token, no Multicall3, or no Uniswap deployment configured. */
  | 'SWAP_NOT_CONFIGURED'
  /** No Uniswap V2 or V3 route gives a positive output for this pair and amount. */
  | 'NO_ROUTE';

/**
 * A swap could not be quoted or built. Discriminate on `code`.
 *
 * @example
 * ```ts
 * throw new SwapError('NO_ROUTE', 'No route from USDC to XYZ', { details: 'chain 1' });
 * ```
 */
export class SwapError extends BaseError<SwapErrorCode> {
  override name = 'SwapError';
  constructor(code: SwapErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
