import {
  Body,
  Controller,
  Delete,
  Get,
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
  WatchAddRequestDto,
  WatchAddResponseDto,
  WatchAlertPageDto,
  WatchCycleDto,
  WatchedWalletDto,
  WatcherSummaryDto,
} from '../dto/watcher.js';
import type { Services } from '../services/Services.js';

/** The wallet watcher: a persisted watch list, check cycles and alerts (also pushed on `GET /events`). */
@Route('watcher')
@Tags('Watcher')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class WatcherController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * The watched wallets with their last check, the balances they were last seen with, and the error of a check that
   * failed.
   * @summary List watched wallets
   */
  @Get('list')
  @OperationId('listWatchedWallets')
  @Security('api_key')
  @Security('operator_key')
  public async list(): Promise<WatchedWalletDto[]> {
    return this.services.watcher.list();
  }

  /**
   * Watches a wallet on a chain (201), or updates the label and thresholds of one already watched (200, its baseline
   * kept). Its first check only records what it holds; later checks alert on changes.
   * @summary Watch a wallet
   */
  @Post('add')
  @OperationId('addWatchedWallet')
  @SuccessResponse(201, 'Watched')
  @Response<WatchAddResponseDto>(200, 'Already watched: label and thresholds updated')
  @Response<ProblemDto>(409, 'WATCH_LIMIT_REACHED')
  @Response<ProblemDto>(422, 'Invalid chain, address, label or thresholds')
  public async add(@Body() body: WatchAddRequestDto): Promise<WatchAddResponseDto> {
    const { status, body: answer } = await this.services.watcher.add(body);
    this.setStatus(status);
    return answer;
  }

  /**
   * Stops watching a wallet (its alerts stay).
   * @summary Remove a watched wallet
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   * @maxLength address 64
   */
  @Delete('remove')
  @OperationId('removeWatchedWallet')
  @Response<ProblemDto>(404, 'WATCH_NOT_FOUND')
  @Response<ProblemDto>(422, 'Invalid chain or address')
  public async remove(@Query() address: string, @Query() chain?: string): Promise<{ removed: true }> {
    return this.services.watcher.remove(chain, address);
  }

  /**
   * Alerts, newest first: balance changes over the threshold (in and out), large outgoing transfers, new approvals.
   * @summary Recent alerts
   * @param since ISO 8601: only alerts from then on.
   * @maxLength since 64
   * @param severity low, medium or high
   * @maxLength severity 32
   * @param address Only this wallet's alerts.
   * @maxLength address 64
   * @param limit 1–100 (default 50)
   * @isInt limit
   * @param cursor From a previous page's `nextCursor`.
   * @maxLength cursor 1024
   */
  @Get('alerts')
  @OperationId('listWatcherAlerts')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid filter, limit or cursor')
  public async alerts(
    @Query() since?: string,
    @Query() severity?: string,
    @Query() address?: string,
    @Query() limit?: number,
    @Query() cursor?: string,
  ): Promise<WatchAlertPageDto> {
    return this.services.watcher.alerts({
      ...(since === undefined ? {} : { since }),
      ...(severity === undefined ? {} : { severity }),
      ...(address === undefined ? {} : { address }),
      ...(limit === undefined ? {} : { limit }),
      ...(cursor === undefined ? {} : { cursor }),
    });
  }

  /**
   * Runs one check cycle now and answers what it found (a cycle already under way is waited for instead: two never
   * overlap). A chain whose node fails marks its wallets failed: no alert, nothing moved.
   * @summary Force a check cycle
   */
  @Post('check')
  @OperationId('runWatcherCheck')
  public async check(): Promise<WatchCycleDto> {
    return this.services.watcher.check();
  }

  /**
   * Counts by severity and kind, wallets watched and in error, the last cycle and the next.
   * @summary Watcher status summary
   */
  @Get('summary')
  @OperationId('getWatcherSummary')
  @Security('api_key')
  @Security('operator_key')
  public async summary(): Promise<WatcherSummaryDto> {
    return this.services.watcher.summary();
  }
}
