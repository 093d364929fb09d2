/**
 * The data directory holds records made on another instance of a chain (its genesis hash differs, or the chain's
 * head is below every position stored for it): the server does not start on it unless told to re-base.
 */
export class ChainIdentityError extends Error {
  override name = 'ChainIdentityError';
  readonly code = 'CHAIN_DATA_MISMATCH';
  readonly chainId: number;

  constructor(chainId: number, message: string) {
    super(message);
    this.chainId = chainId;
  }
}
