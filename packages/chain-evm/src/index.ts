export { parseAddress, type ParseAddressParameters } from './address/parseAddress.js';
export { type ChainInfo, chains } from './chains/chains.js';
export { type ResolveChainParameters, resolveChain } from './chains/resolveChain.js';
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js';
export { InvalidAddressError } from './errors/InvalidAddressError.js';
export { RpcError, type RpcErrorCode } from './errors/RpcError.js';
export { UnsupportedChainError } from './errors/UnsupportedChainError.js';
export { WalletError, type WalletErrorCode } from './errors/WalletError.js';
export { type CreateRpcProviderParameters, createRpcProvider } from './rpc/createRpcProvider.js';
export { type RpcCallParameters, rpcCall } from './rpc/rpcCall.js';
export { type VerifyChainIdParameters, verifyChainId } from './rpc/verifyChainId.js';
export { type CreateRandomWalletReturnType, createRandomWallet } from './wallet/createRandomWallet.js';
export {
  type GetNativeBalanceParameters,
  type GetNativeBalanceReturnType,
  getNativeBalance,
} from './wallet/getNativeBalance.js';
export { type LoadKeystoreParameters, loadKeystore } from './wallet/loadKeystore.js';
export { WalletManager } from './wallet/WalletManager.js';
export { type WalletFromPrivateKeyParameters, walletFromPrivateKey } from './wallet/walletFromPrivateKey.js';
export {
  type CreateOnChainEvidenceSourceParameters,
  type CreateOnChainEvidenceSourceReturnType,
  createOnChainEvidenceSource,
  type JsonRpcSender,
} from './token-evidence/createOnChainEvidenceSource.js';
export { TOKEN_SWAP_SIMULATOR_BYTECODE } from './token-evidence/tokenSwapSimulatorBytecode.js';
