import { Controller, Get, OperationId, Query, Response, Route, Security, Tags } from '@tsoa/runtime';
import type { PortfolioDto, PortfolioValueDto } from '../dto/portfolio.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** The portfolio: balances on every configured chain, priced on chain. */
@Route('portfolio')
@Tags('Portfolio')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class PortfolioController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * The native balance and the ERC-20 balances of each chain's token list (plus `PORTFOLIO_TOKENS_<CHAIN>`), read
   * with Multicall3 in batches of `PORTFOLIO_BATCH_SIZE` tokens (one request per batch, never one per token), every
   * figure at one block. Each holding: balance (human and base units), price and value in ETH-equivalent (the
   * highest usable Uniswap V2/V3 pool against the wrapped native — the gateway's pricing — WETH 1:1, ERC-4626 vault
   * shares of `PORTFOLIO_VAULTS_<CHAIN>` through `convertToAssets`) and in USD (through the chain's stablecoin
   * route), and the price source. A token that cannot be priced has `null` values (never 0), and the totals list it.
   * Chains are read in parallel; a chain that fails carries its error code (when every chain fails, the request
   * answers that error).
   * @summary Portfolio snapshot
   * @param chains Comma-separated chain names, aliases or ids (at most 20); default every configured chain.
   * @maxLength chains 1300
   * @param address Whose portfolio (0x address); default the configured wallet.
   * @maxLength address 64
   * @param includeZero List tokens with a zero balance too (default false; the native balance is always listed).
   */
  @Get('/')
  @OperationId('getPortfolio')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid address or chain list, unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'Every chain node answered with an error')
  @Response<ProblemDto>(503, 'Every chain node is unreachable; no wallet and no address')
  public async snapshot(
    @Query() chains?: string,
    @Query() address?: string,
    @Query() includeZero?: boolean,
  ): Promise<PortfolioDto> {
    return this.services.portfolio.snapshot({
      ...(chains === undefined ? {} : { chains }),
      ...(address === undefined ? {} : { address }),
      ...(includeZero === undefined ? {} : { includeZero }),
    });
  }

  /**
   * The totals only — per chain and overall, ETH-equivalent and USD, with what is unpriced — from the same reads
   * as the snapshot.
   * @summary Portfolio value
   * @param chains Comma-separated chain names, aliases or ids (at most 20); default every configured chain.
   * @maxLength chains 1300
   * @param address Whose portfolio (0x address); default the configured wallet.
   * @maxLength address 64
   */
  @Get('value')
  @OperationId('getPortfolioValue')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid address or chain list, unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'Every chain node answered with an error')
  @Response<ProblemDto>(503, 'Every chain node is unreachable; no wallet and no address')
  public async value(@Query() chains?: string, @Query() address?: string): Promise<PortfolioValueDto> {
    return this.services.portfolio.value({
      ...(chains === undefined ? {} : { chains }),
      ...(address === undefined ? {} : { address }),
    });
  }
}
