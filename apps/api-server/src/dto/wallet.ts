/** A chain as it appears in responses. */
export interface ChainRefDto {
  /**
   * EIP-155 chain id (int64: chain ids pass 2^31).
   * @isLong
   */
  id: number;
  /** Registry name, e.g. `ethereum`, `base`, `devnet`. */
  name: string;
}

/** A native balance. */
export interface BalanceDto {
  /** Checksummed address. */
  address: string;
  chain: ChainRefDto;
  /** Balance in whole native units as a decimal string, e.g. `"1.5"`. */
  balance: string;
  /** Balance in wei as a decimal string. */
  balanceWei: string;
  /** Native currency symbol. */
  symbol: string;
  /**
   * Block the balance was read at.
   * @isLong
   */
  blockNumber: number;
}

/** The configured wallet and its balance. */
export interface WalletInfoDto extends BalanceDto {
  configured: boolean;
}

/** A newly generated wallet. The key is in this response only. */
export interface CreatedWalletDto {
  address: string;
  /** 0x-prefixed 32-byte private key. Shown once; never stored or logged by the server. */
  privateKey: string;
  warning: string;
}

/** Health check answer. */
export interface HealthDto {
  /**
   * `ok` when the database and every configured chain's node answer; `degraded` when a chain's node does not (the
   * server still answers, but that chain cannot be used) or while a re-scan after a reorg or a reset runs; `down` when the database does not (nothing that moves
   * funds can work; HTTP 503).
   */
  status: 'ok' | 'degraded' | 'down';
  /** The api-server package version. */
  version: string;
  /** What was checked (no addresses, URLs or error messages: this route needs no key). */
  checks: HealthChecksDto;
}

export interface HealthChecksDto {
  database: 'ok' | 'down';
  /** Configured chains whose node answered with the right chain id, out of all configured chains. */
  chains: {
    /** @isInt */
    ok: number;
    /** @isInt */
    total: number;
  };
  /**
   * Re-scans running because stored chain positions no longer match the chain (a reorg, a reset, a lagging node):
   * `degraded` while any runs.
   * @isInt
   */
  rescans: number;
}
