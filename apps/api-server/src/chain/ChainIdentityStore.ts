/** What is recorded about one chain: the genesis hash its data was made on, and the positions a re-base accepted. */
export interface ChainIdentityRow {
  readonly genesisHash: string;
  readonly acceptedPosition: number | null;
}

/**
 * Where `checkChainIdentity` keeps each chain's genesis hash (table `chain_identity`) and reads the data's block
 * positions from: the SQLite database under `DATA_DIR`, or the PostgreSQL of `DATABASE_URL` every instance shares.
 */
export interface ChainIdentityStore {
  /** Who holds the data, for the refusal: `DATA_DIR /srv/data`, `The PostgreSQL database of DATABASE_URL`. */
  readonly holder: string;
  /** What to do instead of re-basing: `Point DATA_DIR at a new directory`. */
  readonly fresh: string;
  read(chainId: number): Promise<ChainIdentityRow | undefined>;
  /** The lowest of each kind's highest block position stored for the chain (approval scans, mined executions). */
  lowestStoredPosition(chainId: number): Promise<number | null>;
  /**
   * Records the genesis when none is recorded yet and returns the one recorded: instances starting together on one
   * database agree on the first (compare-and-set), and one that saw another chain learns it.
   */
  record(chainId: number, genesisHash: string, at: number): Promise<string>;
  /** Replaces the genesis and accepts the positions stored so far (`REBASE_CHAIN_DATA`). */
  rebase(chainId: number, genesisHash: string, at: number, acceptedPosition: number | null): Promise<void>;
}
