import {
  Controller,
  OperationId,
  Get,
  Path,
  Post,
  Query,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import type { ProblemDto } from '../dto/problem.js';
import type { BalanceDto, CreatedWalletDto, WalletInfoDto } from '../dto/wallet.js';
import type { Services } from '../services/Services.js';

/** The configured wallet, balances of any address, and (when enabled) wallet creation. */
@Route('wallet')
@Tags('Wallet')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class WalletController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Address and native balance of the configured wallet on a chain.
   * @summary Configured wallet and its balance
   * @param chain Chain name or alias (`ethereum`, `eth`, `base`, `devnet`, …) or chain id. Optional when the server
   * has a default chain (`DEFAULT_CHAIN`, or exactly one configured chain).
   * @maxLength chain 64
   */
  @Get('info')
  @OperationId('getWalletInfo')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Unknown or unconfigured chain')
  @Response<ProblemDto>(503, 'Wallet not configured, or the chain RPC is unreachable')
  public async info(@Query() chain?: string): Promise<WalletInfoDto> {
    return this.services.wallet.info(chain);
  }

  /**
   * Native balance of the address in the path (not the configured wallet). Read-only.
   * @summary Native balance of any address
   * @param address 0x-prefixed 20-byte address; mixed case must be a valid checksum.
   * @maxLength address 64
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   */
  @Get('balance/{address}')
  @OperationId('getWalletBalance')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid address, or unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'The chain RPC answered with an error')
  @Response<ProblemDto>(503, 'The chain RPC is unreachable or timed out')
  public async balance(@Path() address: string, @Query() chain?: string): Promise<BalanceDto> {
    return this.services.wallet.balance(address, chain);
  }

  /**
   * Generates a new wallet and returns its private key ONCE. Disabled (403 `WALLET_CREATE_DISABLED`) unless
   * ENABLE_WALLET_CREATE_ENDPOINT=true. Serve over HTTPS when enabled. The key is never stored or logged.
   * @summary Create a wallet (disabled by default)
   */
  @Post('create')
  @OperationId('createWallet')
  @SuccessResponse(201, 'Created')
  @Response<ProblemDto>(403, 'Wallet creation is disabled')
  public async create(): Promise<CreatedWalletDto> {
    const created = this.services.wallet.create();
    this.setStatus(201);
    this.setHeader('Cache-Control', 'no-store');
    return created;
  }
}
