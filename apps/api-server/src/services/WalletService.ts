import { createRandomWallet, getNativeBalance, parseAddress } from '@org/chain-evm';
import { formatUnits } from 'ethers';
import type { BalanceDto, CreatedWalletDto, WalletInfoDto } from '../dto/wallet.js';
import { ApiProblem } from '../http/ApiProblem.js';
import type { ChainProviders } from './ChainProviders.js';

/** Wallet use cases behind `/wallet/*`. */
export class WalletService {
  readonly #providers: ChainProviders;
  readonly #address: `0x${string}` | undefined;
  readonly #enableCreate: boolean;

  constructor({
    providers,
    address,
    enableCreate,
  }: {
    providers: ChainProviders;
    address: `0x${string}` | undefined;
    enableCreate: boolean;
  }) {
    this.#providers = providers;
    this.#address = address;
    this.#enableCreate = enableCreate;
  }

  /** The configured wallet's address and native balance on `chain`. */
  async info(chain: string | undefined): Promise<WalletInfoDto> {
    const info = this.#providers.resolve(chain);
    if (this.#address === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    const balance = await this.balance(this.#address, String(info.id));
    return { ...balance, configured: true };
  }

  /** The native balance of `address` (the path parameter, not the configured wallet) on `chain`. */
  async balance(address: string, chain: string | undefined): Promise<BalanceDto> {
    // Validate the address before any I/O, with the one parser every endpoint uses.
    parseAddress({ address });
    const { chain: info, provider, timeoutMs } = await this.#providers.get(chain);
    const result = await getNativeBalance({ provider, chainId: info.id, address, timeoutMs });
    return {
      address: result.address,
      chain: { id: info.id, name: info.name },
      balance: formatUnits(result.wei, info.nativeDecimals),
      balanceWei: result.wei.toString(),
      symbol: info.nativeSymbol,
      blockNumber: result.blockNumber,
    };
  }

  /** A fresh wallet, returned once. Disabled unless ENABLE_WALLET_CREATE_ENDPOINT=true. */
  create(): CreatedWalletDto {
    if (!this.#enableCreate) {
      throw new ApiProblem(
        403,
        'WALLET_CREATE_DISABLED',
        'Wallet creation is disabled',
        'set ENABLE_WALLET_CREATE_ENDPOINT=true to enable it (and serve over HTTPS)',
      );
    }
    const { address, privateKey } = createRandomWallet();
    return {
      address,
      privateKey,
      warning:
        'This private key is shown once and is not stored or logged. Save it securely now. Only enable this endpoint behind HTTPS.',
    };
  }
}
