// Human-readable ABI subsets (ethers v6 / viem `parseAbi` syntax) for the contracts on the devnet. This file is
// data, not logic, so it holds several exports; `abis.test.ts` checks every fragment against the npm artifacts.

/**
 * ERC-20 plus the devnet tokens' open `mint(address,uint256)` (DEVNET ONLY).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { erc20Abi } from '@org/devnet';
 * const usdc = new Contract(devnet.manifest.tokens.usdc.address, erc20Abi, provider);
 * ```
 */
export const erc20Abi = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
] as const;

/**
 * WETH9 (canonical-weth).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { wethAbi } from '@org/devnet';
 * await new Contract(devnet.manifest.contracts.weth, wethAbi, signer).deposit({ value: 10n ** 18n });
 * ```
 */
export const wethAbi = [
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
] as const;

/**
 * Uniswap V2 Router02 (swap and liquidity functions, including the fee-on-transfer variants).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { uniswapV2RouterAbi } from '@org/devnet';
 * const router = new Contract(devnet.manifest.contracts.uniswapV2Router02, uniswapV2RouterAbi, signer);
 * ```
 */
export const uniswapV2RouterAbi = [
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
] as const;

/**
 * Uniswap V2 factory.
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { uniswapV2FactoryAbi } from '@org/devnet';
 * const factory = new Contract(devnet.manifest.contracts.uniswapV2Factory, uniswapV2FactoryAbi, provider);
 * ```
 */
export const uniswapV2FactoryAbi = [
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
  'function createPair(address tokenA, address tokenB) returns (address pair)',
] as const;

/**
 * Uniswap V2 pair.
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { uniswapV2PairAbi } from '@org/devnet';
 * const [r0, r1] = await new Contract(devnet.manifest.pools.v2['WETH/USDC']!, uniswapV2PairAbi, provider).getReserves();
 * ```
 */
export const uniswapV2PairAbi = [
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
] as const;

/**
 * Uniswap V3 SwapRouter (the original periphery router, with `deadline` in the params).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { uniswapV3SwapRouterAbi } from '@org/devnet';
 * const router = new Contract(devnet.manifest.contracts.uniswapV3SwapRouter, uniswapV3SwapRouterAbi, signer);
 * ```
 */
export const uniswapV3SwapRouterAbi = [
  'function factory() view returns (address)',
  'function WETH9() view returns (address)',
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  'function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)',
  'function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)',
  'function exactOutput((bytes path, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum) params) payable returns (uint256 amountIn)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
  'function refundETH() payable',
  'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
] as const;

/**
 * Uniswap V3 QuoterV2 (non-view functions: call them with `staticCall`).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { quoterV2Abi } from '@org/devnet';
 * const quoter = new Contract(devnet.manifest.contracts.uniswapV3QuoterV2, quoterV2Abi, provider);
 * const [amountOut] = await quoter.quoteExactInputSingle.staticCall({ tokenIn, tokenOut, amountIn, fee: 3000, sqrtPriceLimitX96: 0 });
 * ```
 */
export const quoterV2Abi = [
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactInput(bytes path, uint256 amountIn) returns (uint256 amountOut, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
  'function quoteExactOutputSingle((address tokenIn, address tokenOut, uint256 amount, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
] as const;

/**
 * Uniswap V3 factory.
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { uniswapV3FactoryAbi } from '@org/devnet';
 * const pool = await new Contract(devnet.manifest.contracts.uniswapV3Factory, uniswapV3FactoryAbi, provider).getPool(a, b, 3000);
 * ```
 */
export const uniswapV3FactoryAbi = [
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)',
  'function feeAmountTickSpacing(uint24 fee) view returns (int24)',
  'function createPool(address tokenA, address tokenB, uint24 fee) returns (address pool)',
] as const;

/**
 * Uniswap V3 pool (state reads).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { uniswapV3PoolAbi } from '@org/devnet';
 * const { sqrtPriceX96 } = await new Contract(pool.address, uniswapV3PoolAbi, provider).slot0();
 * ```
 */
export const uniswapV3PoolAbi = [
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function fee() view returns (uint24)',
  'function tickSpacing() view returns (int24)',
  'function liquidity() view returns (uint128)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
] as const;

/**
 * Uniswap V3 NonfungiblePositionManager (deployed with a zero token descriptor: `tokenURI` reverts).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { nonfungiblePositionManagerAbi } from '@org/devnet';
 * const npm = new Contract(devnet.manifest.contracts.uniswapV3PositionManager, nonfungiblePositionManagerAbi, signer);
 * ```
 */
export const nonfungiblePositionManagerAbi = [
  'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
  'function mint((address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint256 amount0Desired, uint256 amount1Desired, uint256 amount0Min, uint256 amount1Min, address recipient, uint256 deadline) params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
] as const;

/**
 * ERC-4626 tokenized vault (OpenZeppelin implementation), on top of {@link erc20Abi}'s ERC-20 part.
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { erc4626Abi } from '@org/devnet';
 * const vault = new Contract(devnet.manifest.tokens.vault.address, erc4626Abi, signer);
 * ```
 */
export const erc4626Abi = [
  'function asset() view returns (address)',
  'function totalAssets() view returns (uint256)',
  'function convertToShares(uint256 assets) view returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
  'function maxDeposit(address receiver) view returns (uint256)',
  'function previewDeposit(uint256 assets) view returns (uint256)',
  'function deposit(uint256 assets, address receiver) returns (uint256 shares)',
  'function maxMint(address receiver) view returns (uint256)',
  'function previewMint(uint256 shares) view returns (uint256)',
  'function mint(uint256 shares, address receiver) returns (uint256 assets)',
  'function maxWithdraw(address owner) view returns (uint256)',
  'function previewWithdraw(uint256 assets) view returns (uint256)',
  'function withdraw(uint256 assets, address receiver, address owner) returns (uint256 shares)',
  'function maxRedeem(address owner) view returns (uint256)',
  'function previewRedeem(uint256 shares) view returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256 assets)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)',
  'event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)',
] as const;

/**
 * Multicall3 at `0xcA11bde05977b3631167028862bE2a173976CA11`.
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { MULTICALL3_ADDRESS, multicall3Abi } from '@org/devnet';
 * const results = await new Contract(MULTICALL3_ADDRESS, multicall3Abi, provider).aggregate3.staticCall(calls);
 * ```
 */
export const multicall3Abi = [
  'function aggregate((address target, bytes callData)[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getChainId() view returns (uint256 chainid)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
] as const;

/**
 * The devnet honeypot token's extra surface (on top of {@link erc20Abi}).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { honeypotTokenAbi } from '@org/devnet';
 * const flagged = await new Contract(devnet.manifest.tokens.honeypot.address, honeypotTokenAbi, provider).isPair(pair);
 * ```
 */
export const honeypotTokenAbi = [
  'function owner() view returns (address)',
  'function isPair(address) view returns (bool)',
  'function setPair(address pair, bool flagged)',
  'error SellBlocked(address from, address pair)',
  'error OnlyOwner()',
] as const;

/**
 * The devnet fee-on-transfer token's extra surface (on top of {@link erc20Abi}).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { feeOnTransferTokenAbi } from '@org/devnet';
 * const bps = await new Contract(devnet.manifest.tokens.feeToken.address, feeOnTransferTokenAbi, provider).FEE_BPS(); // 500n
 * ```
 */
export const feeOnTransferTokenAbi = ['function FEE_BPS() view returns (uint256)'] as const;

/**
 * The devnet switchable token's extra surface (on top of {@link erc20Abi}). DEVNET ONLY: anyone may switch.
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { switchableTokenAbi } from '@org/devnet';
 * await new Contract(devnet.manifest.tokens.switchable.address, switchableTokenAbi, signer).setBlocked(true);
 * ```
 */
export const switchableTokenAbi = [
  'function blocked() view returns (bool)',
  'function setBlocked(bool value)',
  'event BlockedSet(bool blocked)',
  'error TransfersBlocked(address from, address to)',
] as const;

/**
 * The devnet buy-tax token's extra surface (on top of {@link erc20Abi}): a tax on every transfer out of its flagged
 * pair, burned from the recipient. Only the owner (the devnet deployer, `accounts[0]`) may change it.
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { buyTaxTokenAbi } from '@org/devnet';
 * await new Contract(devnet.manifest.tokens.buyTax.address, buyTaxTokenAbi, deployer).setBuyTaxBps(300); // 3%
 * ```
 */
export const buyTaxTokenAbi = [
  'function owner() view returns (address)',
  'function isPair(address) view returns (bool)',
  'function buyTaxBps() view returns (uint256)',
  'function setBuyTaxBps(uint256 bps)',
  'event BuyTaxSet(uint256 bps)',
  'error OnlyOwner()',
  'error TaxTooHigh(uint256 bps)',
] as const;

/**
 * ERC-721 (OpenZeppelin 5) plus the devnet collection's open `mint(address,uint256)` (DEVNET ONLY): operator
 * approvals (`setApprovalForAll` / `isApprovedForAll`, event `ApprovalForAll`).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { erc721Abi } from '@org/devnet';
 * const nft = new Contract(devnet.manifest.nfts.collectible.address, erc721Abi, signer);
 * await nft.setApprovalForAll(operator, true);
 * ```
 */
export const erc721Abi = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function approve(address to, uint256 tokenId)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function mint(address to, uint256 tokenId)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
] as const;

/**
 * The devnet bridge (`manifest.contracts.devnetBridge`, same address on every devnet chain). Its entry point takes
 * LI.FI's `BridgeData` tuple (transactionId, bridge, integrator, referrer, sendingAssetId, receiver, minAmount,
 * destinationChainId, hasSourceSwaps, hasDestinationCall) then `(receivingAssetId, outputAmount)`; `fill` and
 * `refund` are the relayer's (`DEVNET_BRIDGE_RELAYER`).
 *
 * @example
 * ```ts
 * import { Contract } from 'ethers';
 * import { devnetBridgeAbi } from '@org/devnet';
 * const bridge = new Contract(devnet.manifest.contracts.devnetBridge, devnetBridgeAbi, provider);
 * const { depositor, amount, refunded } = await bridge.deposits(transactionId);
 * ```
 */
export const devnetBridgeAbi = [
  'function startBridgeTokensViaDevnetBridge((bytes32 transactionId, string bridge, string integrator, address referrer, address sendingAssetId, address receiver, uint256 minAmount, uint256 destinationChainId, bool hasSourceSwaps, bool hasDestinationCall) bridgeData, (address receivingAssetId, uint256 outputAmount) devnetData) payable',
  'function fill(bytes32 transactionId, address assetId, address receiver, uint256 amount)',
  'function refund(bytes32 transactionId)',
  'function relayer() view returns (address)',
  'function filled(bytes32 transactionId) view returns (bool)',
  'function deposits(bytes32 transactionId) view returns (address depositor, address assetId, uint256 amount, uint256 destinationChainId, bool refunded)',
  'event LiFiTransferStarted((bytes32 transactionId, string bridge, string integrator, address referrer, address sendingAssetId, address receiver, uint256 minAmount, uint256 destinationChainId, bool hasSourceSwaps, bool hasDestinationCall) bridgeData)',
  'event LiFiTransferCompleted(bytes32 indexed transactionId, address receivingAssetId, address receiver, uint256 amount, uint256 timestamp)',
  'event DevnetBridgeDeposit(bytes32 indexed transactionId, address indexed depositor, address receivingAssetId, uint256 outputAmount, uint256 value)',
  'event DevnetBridgeRefunded(bytes32 indexed transactionId, address indexed depositor, address assetId, uint256 amount)',
  'error NotRelayer()',
  'error InvalidReceiver()',
  'error InvalidAmount()',
  'error SameChain()',
  'error SourceSwapsUnsupported()',
  'error DuplicateTransaction(bytes32 transactionId)',
  'error NativeValueTooLow(uint256 sent, uint256 required)',
  'error AlreadyFilled(bytes32 transactionId)',
  'error NothingToRefund(bytes32 transactionId)',
  'error NativeTransferFailed()',
  'error TokenTransferFailed(address token)',
] as const;
