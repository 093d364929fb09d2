import {
  Body,
  Controller,
  Get,
  Header,
  OperationId,
  Post,
  Query,
  Response,
  Route,
  Security,
  SuccessResponse,
  Tags,
} from '@tsoa/runtime';
import type { ProblemDto } from '../dto/problem.js';
import type {
  YieldBestDto,
  YieldCompareDto,
  YieldOpportunitiesDto,
  YieldPortfolioDto,
} from '../dto/yield.js';
import type { YieldCompoundDto, YieldCompoundRequestDto } from '../dto/yieldCompound.js';
import type { Services } from '../services/Services.js';

/** Yield: opportunities ranked for risk, positions valued on chain, and compounding when it pays. */
@Route('yield')
@Tags('Yield')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class YieldController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Yield opportunities: DefiLlama's pools (the ~20,000-pool list fetched at most once per `YIELD_POOLS_TTL_SECONDS`
   * and filtered here; after a failed refresh the cached list is served with `provider.status = stale` and its age, up
   * to `YIELD_STALE_MAX_SECONDS`, then 503 `YIELD_DATA_UNAVAILABLE` — never invented numbers) and the ERC-4626 vaults
   * of `YIELD_VAULTS_<CHAIN>` (TVL = `totalAssets` priced on chain; APY measured from the vault's share price sampled
   * over time, `null` until two samples a day apart exist). APY and TVL figures are the provider's numbers, for
   * ranking and display only. Outliers are left out unless `includeOutliers=true`.
   * @summary List yield opportunities
   * @param chain Only this chain (registry name, alias or id).
   * @maxLength chain 64
   * @param asset A token symbol (`USDC`) or address, matched against each pool's underlying tokens.
   * @maxLength asset 64
   * @param project A protocol slug (`aave-v3`; `erc4626` for configured vaults).
   * @maxLength project 100
   * @param minApy Lowest total APY, percent.
   * @param minTvl Lowest TVL, USD.
   * @param stablecoin Stablecoin pools only.
   * @param singleExposure Single-asset exposure only.
   * @param exposure `single`, `multi` or `any`. For `best` and `compare` the default is `single`: a multi-asset pool
   *   (impermanent loss, both tokens needed) is ranked only when asked; elsewhere `any`.
   * @maxLength exposure 8
   * @param includeOutliers Keep pools DefiLlama flags as outliers (default false).
   * @param source `all` (default), `defillama` or `onchain` (the configured vaults only: works while DefiLlama is down).
   * @maxLength source 16
   * @param sort `apy` (default), `apyBase`, `apyMean30d` or `tvl`, highest first.
   * @maxLength sort 16
   * @param limit 1–500 (default 50).
   * @isInt limit
   */
  @Get('opportunities')
  @OperationId('listYieldOpportunities')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid filter, unknown chain, invalid address')
  @Response<ProblemDto>(502, 'A chain node answered with an error')
  @Response<ProblemDto>(503, 'YIELD_DATA_UNAVAILABLE: DefiLlama is unavailable and no usable list is cached')
  public async opportunities(
    @Query() chain?: string,
    @Query() asset?: string,
    @Query() project?: string,
    @Query() minApy?: number,
    @Query() minTvl?: number,
    @Query() stablecoin?: boolean,
    @Query() singleExposure?: boolean,
    @Query() exposure?: string,
    @Query() includeOutliers?: boolean,
    @Query() source?: string,
    @Query() sort?: string,
    @Query() limit?: number,
  ): Promise<YieldOpportunitiesDto> {
    return this.services.yield.opportunities(
      defined({
        chain,
        asset,
        project,
        minApy,
        minTvl,
        stablecoin,
        singleExposure,
        exposure,
        includeOutliers,
        source,
        sort,
        limit,
      }),
    );
  }

  /**
   * The highest risk-adjusted opportunity for an asset, with its score and every input that made it (the formula is in
   * the README): hard filters — TVL ≥ `YIELD_MIN_TVL_USD`, not an outlier, ≥ `YIELD_MIN_HISTORY_DAYS` of history, a
   * positive APY, data fresher than `YIELD_MAX_DATA_AGE_SECONDS` that still advances, every underlying token checked
   * and safe, no reward token unsafe, `maxDeposit ≥ amount` where known — then base APY plus a haircut reward APY, less
   * penalties for a spike over the 30-day mean, volatility and low prediction confidence. Contenders are checked
   * (token safety, DefiLlama chart) best-first until the best is settled. `best` is null, with the reason and the
   * exclusion counts, when nothing passes.
   * @summary Best opportunity for an asset
   * @param asset A token symbol (`USDC`) or address (required).
   * @maxLength asset 64
   * @param chain Only this chain.
   * @maxLength chain 64
   * @param project Only this protocol.
   * @maxLength project 100
   * @param amount The deposit in mind, in the asset (decimal): vaults whose `maxDeposit` is below it are excluded.
   * @maxLength amount 80
   * @param minApy Lowest total APY, percent.
   * @param minTvl Lowest TVL, USD.
   * @param stablecoin Stablecoin pools only.
   * @param singleExposure Single-asset exposure only.
   * @param exposure `single`, `multi` or `any`. For `best` and `compare` the default is `single`: a multi-asset pool
   *   (impermanent loss, both tokens needed) is ranked only when asked; elsewhere `any`.
   * @maxLength exposure 8
   * @param source `all` (default), `defillama` or `onchain`.
   * @maxLength source 16
   */
  @Get('best')
  @OperationId('getBestYield')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Missing asset, invalid filter, unknown chain, invalid address')
  @Response<ProblemDto>(502, 'A chain node answered with an error')
  @Response<ProblemDto>(503, 'YIELD_DATA_UNAVAILABLE: DefiLlama is unavailable and no usable list is cached')
  public async best(
    @Query() asset?: string,
    @Query() chain?: string,
    @Query() project?: string,
    @Query() amount?: string,
    @Query() minApy?: number,
    @Query() minTvl?: number,
    @Query() stablecoin?: boolean,
    @Query() singleExposure?: boolean,
    @Query() exposure?: string,
    @Query() source?: string,
  ): Promise<YieldBestDto> {
    return this.services.yield.best(
      defined({
        asset,
        chain,
        project,
        amount,
        minApy,
        minTvl,
        stablecoin,
        singleExposure,
        exposure,
        source,
      }),
    );
  }

  /**
   * The same asset across protocols and chains, side by side: the first `limit` contenders (best first), each checked
   * (token safety, DefiLlama chart) and scored with the same fields — eligibility, exclusions with their codes, the
   * score and each of its terms, the token verdicts — so a user sees why one ranks above another.
   * @summary Compare opportunities for an asset
   * @param asset A token symbol (`USDC`) or address (required).
   * @maxLength asset 64
   * @param chain Only this chain.
   * @maxLength chain 64
   * @param project Only this protocol.
   * @maxLength project 100
   * @param minApy Lowest total APY, percent.
   * @param minTvl Lowest TVL, USD.
   * @param stablecoin Stablecoin pools only.
   * @param singleExposure Single-asset exposure only.
   * @param exposure `single`, `multi` or `any`. For `best` and `compare` the default is `single`: a multi-asset pool
   *   (impermanent loss, both tokens needed) is ranked only when asked; elsewhere `any`.
   * @maxLength exposure 8
   * @param includeOutliers Keep outliers among the rows (they are never eligible).
   * @param source `all` (default), `defillama` or `onchain`.
   * @maxLength source 16
   * @param limit Rows, 1–50 (default 10).
   * @isInt limit
   */
  @Get('compare')
  @OperationId('compareYield')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Missing asset, invalid filter, unknown chain, invalid address')
  @Response<ProblemDto>(502, 'A chain node answered with an error')
  @Response<ProblemDto>(503, 'YIELD_DATA_UNAVAILABLE: DefiLlama is unavailable and no usable list is cached')
  public async compare(
    @Query() asset?: string,
    @Query() chain?: string,
    @Query() project?: string,
    @Query() minApy?: number,
    @Query() minTvl?: number,
    @Query() stablecoin?: boolean,
    @Query() singleExposure?: boolean,
    @Query() exposure?: string,
    @Query() includeOutliers?: boolean,
    @Query() source?: string,
    @Query() limit?: number,
  ): Promise<YieldCompareDto> {
    return this.services.yield.compare(
      defined({
        asset,
        chain,
        project,
        minApy,
        minTvl,
        stablecoin,
        singleExposure,
        exposure,
        includeOutliers,
        source,
        limit,
      }),
    );
  }

  /**
   * The wallet's (or `address`'s) ERC-4626 positions on every configured chain (or those named): the vaults of
   * `YIELD_VAULTS_<CHAIN>` and `PORTFOLIO_VAULTS_<CHAIN>`, and any vault among the portfolio's tokens it holds. Each
   * position: shares, exit value by `previewRedeem` (fees included) beside the ideal `convertToAssets`, priced in
   * ETH-equivalent and USD like `/portfolio`, `maxRedeem` (`illiquid` when below the shares), and the cost basis and
   * yield earned since the first deposit, from the deposits this service made (the execution journal) — `null` with a
   * reason when the shares did not all come from them.
   * @summary Yield positions
   * @param chains Comma-separated chain names, aliases or ids (at most 20); default every configured chain.
   * @maxLength chains 1300
   * @param address Whose positions (0x address); default the configured wallet.
   * @maxLength address 64
   */
  @Get('portfolio')
  @OperationId('getYieldPortfolio')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid address or chain list, unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'Every chain node answered with an error')
  @Response<ProblemDto>(503, 'Every chain node is unreachable; no wallet and no address')
  public async portfolio(@Query() chains?: string, @Query() address?: string): Promise<YieldPortfolioDto> {
    return this.services.yieldPortfolio.portfolio(defined({ chains, address }));
  }

  /**
   * Deposits the wallet's idle underlying (or `amount` of it) into a vault of `YIELD_VAULTS_<CHAIN>` through the
   * execution gateway (action `deposit`: `deposit(assets, wallet)` into a configured vault, nothing else is signed) —
   * only when it pays: the gain expected over `YIELD_COMPOUND_HORIZON_DAYS` at the vault's measured yield must reach
   * the worst-case gas × `YIELD_COMPOUND_MIN_GAIN_FACTOR`; otherwise 200 `skipped` with the numbers (gain, gas, the
   * horizon after which it would pay) and nothing signed. Pre-flight on chain: `maxDeposit ≥ amount`
   * (`DEPOSIT_ABOVE_MAX`), `previewDeposit` within `YIELD_DEPOSIT_TOLERANCE_BPS` of `convertToShares`
   * (`DEPOSIT_PREVIEW_UNFAVOURABLE`), a vault supply of at least `YIELD_MIN_VAULT_SUPPLY_SHARES` whole shares
   * (`VAULT_SUPPLY_TOO_SMALL`). An exact approval to the vault goes first when the allowance is short — only for a
   * deposit the gateway and the governor's caps would accept. The value charged is the asset priced on chain. After
   * the receipt, the shares minted (the `Deposit` event) are checked against the preview and `minShares`
   * (502 `DEPOSIT_SHARES_SHORT`). 200 `confirmed`; 202 pending or held (follow `/executions/{id}`). Send an
   * `Idempotency-Key`: a repeat with the same key and body returns the first answer and never deposits twice.
   * @summary Compound idle assets into a vault
   * @param idempotencyKey Optional, recommended: 1–200 printable characters.
   * @maxLength idempotencyKey 200
   */
  @Post('compound')
  @OperationId('compoundYield')
  @SuccessResponse(200, 'Deposited (confirmed), or skipped with the numbers')
  @Response<YieldCompoundDto>(202, 'Sent and not yet mined, or held for an operator: follow /executions/{id}')
  @Response<ProblemDto>(
    403,
    'Blocked by the spend governor or the gateway (the code says which); nothing signed',
  )
  @Response<ProblemDto>(404, 'VAULT_NOT_CONFIGURED: the vault is not in YIELD_VAULTS_<CHAIN>')
  @Response<ProblemDto>(
    409,
    'DEPOSIT_ABOVE_MAX, DEPOSIT_PREVIEW_UNFAVOURABLE, VAULT_SUPPLY_TOO_SMALL, DEPOSIT_MINTS_NOTHING, DEPOSIT_BELOW_MIN_SHARES, YIELD_RATE_UNKNOWN, INSUFFICIENT_BALANCE or IDEMPOTENCY_IN_PROGRESS',
  )
  @Response<ProblemDto>(
    422,
    'Invalid input, unknown chain, SIMULATION_REVERTED, PREREQUISITE_APPROVAL_INVALID, IDEMPOTENCY_KEY_REUSED',
  )
  @Response<ProblemDto>(
    502,
    'TX_REVERTED, PREREQUISITE_APPROVAL_NOT_CONFIRMED (the approval did not confirm: the deposit was not signed), DEPOSIT_SHARES_SHORT, DEPOSIT_SHARES_UNVERIFIED, VAULT_UNREADABLE, or the chain node erred',
  )
  @Response<ProblemDto>(503, 'Nothing could be sent (node unreachable, wallet not configured)')
  public async compound(
    @Body() body: YieldCompoundRequestDto,
    @Header('Idempotency-Key') idempotencyKey?: string,
  ): Promise<YieldCompoundDto> {
    const { status, body: answer } = await this.services.yieldCompound.compound(body, idempotencyKey);
    this.setStatus(status);
    return answer;
  }
}

/** The parameters that were given (exactOptionalPropertyTypes: no explicit undefined). */
function defined<T extends Record<string, unknown>>(input: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
