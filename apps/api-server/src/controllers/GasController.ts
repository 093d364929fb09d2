import { Controller, Get, OperationId, Query, Response, Route, Security, Tags } from '@tsoa/runtime';
import type { GasBatchDto, GasEstimateDto, GasRecommendationDto } from '../dto/gas.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** Gas: fee recommendations and transaction estimates, read from the chain on every request. */
@Route('gas')
@Tags('Gas')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class GasController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Slow / standard / fast fees from ONE `eth_feeHistory` over the last 20 blocks: each tier's tip is the median of
   * the blocks' 10th / 50th / 90th reward percentile (at least 0.01 gwei); `maxFeePerGas` = next base fee × 1.25 /
   * 2 / 2 + tip. Also the next base fee, its trend over the window and how full the blocks were. A chain without
   * EIP-1559 answers `gasPrice` tiers (`kind: legacy`, the node's `eth_gasPrice` × 0.9 / 1 / 1.25). `standard` is
   * what the execution gateway signs with. A node that fails answers its error code, never a default price.
   * @summary Recommended fees
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   */
  @Get('recommendation')
  @OperationId('getGasRecommendation')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'The chain node answered with an error or garbage (RPC_ERROR)')
  @Response<ProblemDto>(503, 'The chain node is unreachable or timed out')
  public async recommendation(@Query() chain?: string): Promise<GasRecommendationDto> {
    return this.services.gas.recommendation(chain);
  }

  /**
   * `eth_estimateGas` for the described transaction (at the pending block), the gas limit with the gateway's +25%
   * margin, the expected and worst-case cost at the tier (native units and ETH-equivalent), and the ETH-equivalent
   * the spend governor would be charged, computed as the execution gateway reserves it. A transaction that would
   * revert → 422 `SIMULATION_REVERTED` with the decoded `reason`. Nothing is signed.
   * @summary Estimate a transaction's gas and cost
   * @param to Recipient or contract (0x address; mixed case must be a valid checksum).
   * @maxLength to 64
   * @param value Native value sent, in whole native units (`"0.01"`); default 0.
   * @maxLength value 100
   * @param data Calldata, 0x-prefixed hex of whole bytes (at most 6144 bytes); default empty.
   * @maxLength data 12290
   * @param from Sender; default the configured wallet.
   * @maxLength from 64
   * @param tier `slow`, `standard` (default) or `fast`.
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   */
  @Get('estimate')
  @OperationId('estimateGas')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(
    422,
    'Invalid parameter, unknown chain, or SIMULATION_REVERTED (with the decoded reason)',
  )
  @Response<ProblemDto>(502, 'The chain node answered with an error or garbage (RPC_ERROR)')
  @Response<ProblemDto>(503, 'The chain node is unreachable or timed out; no wallet and no from')
  public async estimate(
    @Query() to: string,
    @Query() value?: string,
    @Query() data?: string,
    @Query() from?: string,
    @Query() tier?: 'slow' | 'standard' | 'fast',
    @Query() chain?: string,
  ): Promise<GasEstimateDto> {
    return this.services.gas.estimate({ chain, to, value, data, from, tier });
  }

  /**
   * The recommendation for several chains at once (every configured chain by default), fetched in parallel. A
   * chain whose node fails is listed with its error (status and code), and fails nothing else.
   * @summary Recommended fees on several chains
   * @param chains Comma-separated chain names, aliases or ids (at most 20); default every configured chain.
   * @maxLength chains 1300
   */
  @Get('batch')
  @OperationId('getGasBatch')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Malformed list, unknown or unconfigured chain')
  public async batch(@Query() chains?: string): Promise<GasBatchDto> {
    return this.services.gas.batch(chains);
  }
}
