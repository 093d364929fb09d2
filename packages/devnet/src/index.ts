export {
  devnetBridgeAbi,
  erc20Abi,
  erc721Abi,
  erc4626Abi,
  feeOnTransferTokenAbi,
  honeypotTokenAbi,
  multicall3Abi,
  nonfungiblePositionManagerAbi,
  quoterV2Abi,
  switchableTokenAbi,
  buyTaxTokenAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
  uniswapV3SwapRouterAbi,
  wethAbi,
} from './abis.js';
export { type AttackerPoolVariant, createAttackerPool, listOnUsdcOnly } from './attackerPools.js';
export { type CreateEdgePoolParameters, createEdgePool } from './createEdgePool.js';
export {
  type CreateTestDatabaseParameters,
  type CreateTestDatabaseReturnType,
  createTestDatabase,
} from './createTestDatabase.js';
export { multicall3CreationBytecode } from './artifacts/multicall3Bytecode.js';
export {
  type CompileContractsParameters,
  type CompileContractsReturnType,
  type CompiledContract,
  compileContracts,
  type DevnetContractName,
} from './compileContracts.js';
export {
  ANVIL_ACCOUNTS,
  ANVIL_MNEMONIC,
  DEVNET_B_CHAIN_ID,
  DEVNET_BRIDGE_RELAYER,
  DEVNET_CHAIN_ID,
  MULTICALL3_ADDRESS,
} from './constants.js';
export {
  type CreateRpcClientParameters,
  type CreateRpcClientReturnType,
  createRpcClient,
  type RpcClient,
} from './createRpcClient.js';
export {
  type DeployDevnetParameters,
  type DeployDevnetReturnType,
  type DevnetLayout,
  deployDevnet,
} from './deployDevnet.js';
export {
  type EncodeSqrtPriceX96Parameters,
  type EncodeSqrtPriceX96ReturnType,
  encodeSqrtPriceX96,
} from './encodeSqrtPriceX96.js';
export { AnvilExitedError } from './errors/AnvilExitedError.js';
export { AnvilNotFoundError } from './errors/AnvilNotFoundError.js';
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js';
export { CompileError } from './errors/CompileError.js';
export { DeploymentError } from './errors/DeploymentError.js';
export { InvalidParameterError } from './errors/InvalidParameterError.js';
export { ReceiptTimeoutError } from './errors/ReceiptTimeoutError.js';
export { RpcError, type RpcErrorReason } from './errors/RpcError.js';
export { StartTimeoutError } from './errors/StartTimeoutError.js';
export { TransactionRevertedError } from './errors/TransactionRevertedError.js';
export { LIFI_FIXTURE_ATTACKER } from './lifi/buildFixtureQuote.js';
export {
  type DevnetBridgeData,
  type EncodeDevnetBridgeCallParameters,
  encodeDevnetBridgeCall,
} from './lifi/encodeDevnetBridgeCall.js';
export { lifiFixtureChain } from './lifi/lifiFixtureChain.js';
export {
  type LifiFixture,
  type StartLifiFixtureParameters,
  startLifiFixture,
} from './lifi/startLifiFixture.js';
export type {
  LifiAdversary,
  LifiFixtureChain,
  LifiFixtureEndpoint,
  LifiFixtureFailure,
  LifiFixtureRequest,
  LifiFixtureToken,
  LifiFixtureTransfer,
  LifiQuoteScript,
  LifiTransferOutcome,
} from './lifi/types.js';
export { type MintTokenParameters, type MintTokenReturnType, mintToken } from './mintToken.js';
export {
  type ResolveAnvilBinaryParameters,
  type ResolveAnvilBinaryReturnType,
  resolveAnvilBinary,
} from './resolveAnvilBinary.js';
export {
  type AnvilProcess,
  type SpawnAnvilParameters,
  type SpawnAnvilReturnType,
  spawnAnvil,
} from './spawnAnvil.js';
export {
  type InterceptDecision,
  type ProxiedRequest,
  type RpcProxy,
  type StartRpcProxyParameters,
  type StartRpcProxyReturnType,
  startRpcProxy,
} from './startRpcProxy.js';
export { type StartDevnetParameters, type StartDevnetReturnType, startDevnet } from './startDevnet.js';
export {
  type StartDevnetPairParameters,
  type StartDevnetPairReturnType,
  startDevnetPair,
} from './startDevnetPair.js';
export type {
  Devnet,
  DevnetAccount,
  DevnetManifest,
  DevnetNft,
  DevnetToken,
  DevnetV3Pool,
} from './types.js';
export {
  type SentTransaction,
  type WaitMinedParameters,
  type WaitMinedReturnType,
  waitMined,
} from './waitMined.js';
