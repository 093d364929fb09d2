/** A token deployed on the devnet. */
export interface DevnetToken {
  address: `0x${string}`;
  symbol: string;
  name: string;
  decimals: number;
}

/** An ERC-721 collection deployed on the devnet. */
export interface DevnetNft {
  address: `0x${string}`;
  symbol: string;
  name: string;
}

/** One of anvil's funded dev accounts (public, well-known keys: devnet only). */
export interface DevnetAccount {
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

/** A Uniswap V3 pool on the devnet. */
export interface DevnetV3Pool {
  address: `0x${string}`;
  /** Fee tier in hundredths of a bip (3000 = 0.3%). */
  fee: number;
}

/** Everything deployed on the devnet, with addresses that are identical on every start. */
export interface DevnetManifest {
  /** 31337 by default; the chain id `startDevnet` was given (31338 for the bridge's other side). */
  chainId: number;
  /** `http://127.0.0.1:PORT`. */
  rpcUrl: string;
  /** anvil's 10 funded accounts (10,000 ETH each); `accounts[0]` is the deployer. */
  accounts: DevnetAccount[];
  contracts: {
    weth: `0x${string}`;
    multicall3: `0x${string}`;
    uniswapV2Factory: `0x${string}`;
    uniswapV2Router02: `0x${string}`;
    uniswapV3Factory: `0x${string}`;
    uniswapV3SwapRouter: `0x${string}`;
    uniswapV3QuoterV2: `0x${string}`;
    uniswapV3PositionManager: `0x${string}`;
    /**
     * The two-chain bridge (same address on every devnet chain): LI.FI-`BridgeData`-shaped deposits on the source
     * chain, fills and refunds by `DEVNET_BRIDGE_RELAYER` only; holds USDC/DAI/WBTC and ETH liquidity.
     */
    devnetBridge: `0x${string}`;
  };
  tokens: {
    usdc: DevnetToken;
    dai: DevnetToken;
    wbtc: DevnetToken;
    /** Buys from its V2 pair work; transfers into the pair (sells) revert. */
    honeypot: DevnetToken;
    /** Burns 5% of every transfer. */
    feeToken: DevnetToken;
    /** Sells into its flagged V2 pair (WETH/TAX) succeed but burn 95%; buys are untaxed. */
    highTax: DevnetToken;
    /** Plain ERC-20 with an open `setBlocked(bool)`: while blocked every transfer reverts (`TransfersBlocked`). */
    switchable: DevnetToken;
    /** Plain ERC-20 priced only through a 0.5 WETH V2 pool (WETH/THIN): below any sane liquidity floor. */
    thin: DevnetToken;
    /** Plain ERC-20 with no pool at all. */
    lonely: DevnetToken;
    /** ERC-4626 shares; `asset()` is `tokens.usdc`. */
    vault: DevnetToken;
    /**
     * BTAX: a 90% buy tax (`buyTaxBps`, owner-settable) burned from whoever receives out of its flagged V2 pair
     * (WETH/BTAX); sells and plain transfers are untaxed.
     */
    buyTax: DevnetToken;
    /**
     * ERC-4626 shares over `tokens.usdc` with a 2% entry fee and a 0.5% exit fee (`previewDeposit` /
     * `previewRedeem` include them); seeded with 100,000 USDC.
     */
    feeVault: DevnetToken;
    /** ERC-4626 shares over `tokens.usdc`, total assets capped at 1,000 USDC, seeded with 500 (`maxDeposit` 500). */
    cappedVault: DevnetToken;
  };
  pools: {
    /** `'WETH/USDC'` → V2 pair address. */
    v2: Record<string, `0x${string}`>;
    /** `'WETH/USDC/3000'` → V3 pool. */
    v3: Record<string, DevnetV3Pool>;
  };
  /** ERC-721 collections (kept apart from `tokens`, which are ERC-20s). */
  nfts: {
    /** OpenZeppelin ERC-721 "Devnet Collectible" (DNFT) with an open `mint(address,uint256)`: operator approvals. */
    collectible: DevnetNft;
  };
}

/** A running devnet. */
export interface Devnet {
  manifest: DevnetManifest;
  rpcUrl: string;
  /** `evm_snapshot`: returns an id for {@link Devnet.revert}. */
  snapshot(): Promise<string>;
  /** `evm_revert`: restores the snapshot. anvil consumes the id: take a new snapshot afterwards. */
  revert(id: string): Promise<void>;
  /** Kills anvil and waits until it is gone. Idempotent. */
  stop(): Promise<void>;
  /** anvil's pid (for leak tests); `undefined` if unknown. */
  pid: number | undefined;
  /** `anvil_dumpState`: hex string of the gzipped chain state, loadable with {@link Devnet.loadState}. */
  dumpState(): Promise<`0x${string}`>;
  /** `anvil_loadState`: merges a state from {@link Devnet.dumpState} into the running chain. */
  loadState(state: `0x${string}`): Promise<void>;
}
