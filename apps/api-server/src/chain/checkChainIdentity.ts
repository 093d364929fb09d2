import type { Database } from 'better-sqlite3';
import { ChainIdentityError } from './ChainIdentityError.js';
import type { ChainIdentityStore } from './ChainIdentityStore.js';
import { SqliteChainIdentityStore } from './SqliteChainIdentityStore.js';

/** The variable that tells the server to re-base a data directory on the chain it now talks to. */
export const REBASE_VARIABLE = 'REBASE_CHAIN_DATA';

/** One configured chain, as {@link checkChainIdentity} reads it. */
export interface ChainIdentityProbe {
  readonly id: number;
  readonly name: string;
  /** Reads the chain's genesis block hash and head (throws when the node cannot be reached). */
  readonly read: () => Promise<{ readonly genesisHash: string; readonly head: number }>;
}

/** What {@link checkChainIdentity} found for one chain. */
export interface ChainIdentityReport {
  readonly chainId: number;
  /** `recorded`: first start on this chain (its genesis hash stored); `matches`; `rebased` (told to); `unreachable`:
   * the node did not answer, nothing could be checked (checked at the next start). */
  readonly status: 'recorded' | 'matches' | 'rebased' | 'unreachable';
  readonly genesisHash: string | null;
}

/**
 * Whether the data's records (the SQLite database under `DATA_DIR`, or the PostgreSQL of `DATABASE_URL`: a
 * {@link ChainIdentityStore}) were made on the chain the server talks to now: the chain's genesis hash is
 * stored per chain (table `chain_identity`) at the first start and compared at every later one, and the chain's
 * head must not be below the latest block position of each kind stored for it (approval-scan coverage, mined
 * executions) — a node of another network under the same chain id, or a devnet started anew (devnets loaded from
 * one state share their genesis: the positions tell them apart). A re-base accepts the positions stored so far. A mismatch throws {@link ChainIdentityError}
 * naming `DATA_DIR` (or `DATABASE_URL`) and {@link REBASE_VARIABLE}, unless that chain is in `rebase` (then the new genesis is recorded).
 * Exported for `pnpm demo`, which keys its data directory to its devnet.
 *
 * @example
 * ```ts
 * await checkChainIdentity({ store: new PostgresChainIdentityStore({ pool }), chains, rebase: [] });
 * ```
 */
export async function checkChainIdentity(
  parameters: {
    readonly chains: readonly ChainIdentityProbe[];
    /** Chain ids to re-base on the chain as it is now, or `all`. */
    readonly rebase: readonly number[] | 'all';
    readonly at?: number;
  } & ({ readonly store: ChainIdentityStore } | { readonly database: Database; readonly dataDir: string }),
): Promise<ChainIdentityReport[]> {
  const { chains, rebase, at = Date.now() } = parameters;
  const store =
    'store' in parameters
      ? parameters.store
      : new SqliteChainIdentityStore({ database: parameters.database, dataDir: parameters.dataDir });
  const reports: ChainIdentityReport[] = [];
  for (const chain of chains) {
    let seen: { genesisHash: string; head: number };
    try {
      seen = await chain.read();
    } catch {
      reports.push({ chainId: chain.id, status: 'unreachable', genesisHash: null });
      continue;
    }
    const genesis = seen.genesisHash.toLowerCase();
    const row = await store.read(chain.id);
    const lowest = await store.lowestStoredPosition(chain.id);
    const otherGenesis = (recorded: string) =>
      `its genesis block is ${genesis}, the data was made on a chain whose genesis is ${recorded}`;
    let problem =
      row !== undefined && row.genesisHash !== genesis
        ? otherGenesis(row.genesisHash)
        : lowest !== null && seen.head < lowest && lowest > (row?.acceptedPosition ?? -1)
          ? `its head is block ${seen.head}, below the blocks the data refers to (it has records up to block ${lowest})`
          : null;
    if (problem === null && row === undefined) {
      // The first start records the genesis; another instance starting at the same moment may have recorded first.
      const recorded = await store.record(chain.id, genesis, at);
      if (recorded !== genesis) problem = otherGenesis(recorded);
    }
    if (problem !== null) {
      if (rebase !== 'all' && !rebase.includes(chain.id)) {
        throw new ChainIdentityError(
          chain.id,
          `${store.holder} holds records made on another instance of chain ${chain.name} (${chain.id}): ${problem}. ` +
            `${store.fresh}, or set ${REBASE_VARIABLE}=${chain.id} to keep the data and re-base it on this chain.`,
        );
      }
      // The positions stored so far are accepted as they are (each kind re-checks its own: approval scans by their
      // block hashes); a later position above the head is a mismatch again.
      await store.rebase(chain.id, genesis, at, lowest);
      reports.push({ chainId: chain.id, status: 'rebased', genesisHash: genesis });
      continue;
    }
    reports.push({
      chainId: chain.id,
      status: row === undefined ? 'recorded' : 'matches',
      genesisHash: genesis,
    });
  }
  return reports;
}
