/**
 * Ordered schema migrations of the share-price samples table; index + 1 is the version, recorded in
 * `yield_migrations`. Never edit a shipped one. Amounts are decimal text (uint256 does not fit SQLite integers);
 * vaults are stored EIP-55 checksummed.
 */
export const SHARE_PRICE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE yield_share_prices (
     chain_id INTEGER NOT NULL,
     vault TEXT NOT NULL,
     block_number INTEGER NOT NULL,
     at INTEGER NOT NULL,
     assets_per_share TEXT NOT NULL,
     share_decimals INTEGER NOT NULL,
     total_assets TEXT NOT NULL,
     total_supply TEXT NOT NULL,
     PRIMARY KEY (chain_id, vault, block_number)
   );
   CREATE INDEX yield_share_prices_by_time ON yield_share_prices (chain_id, vault, at);
   CREATE INDEX yield_share_prices_at ON yield_share_prices (at);`,
  // Version 2: the hash of the sampled block (a reorg drops the samples of a block that has another hash now).
  'ALTER TABLE yield_share_prices ADD COLUMN block_hash TEXT;',
];
