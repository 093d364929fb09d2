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
import type {
  ApprovalRevokeAllDto,
  ApprovalRevokeAllRequestDto,
  ApprovalRevokeDto,
  ApprovalRevokeRequestDto,
  ApprovalRiskReportDto,
  ApprovalScanDto,
  KnownProtocolsDto,
} from '../dto/approval.js';
import type { ProblemDto } from '../dto/problem.js';
import type { Services } from '../services/Services.js';

/** Token approval hygiene: scan, risk, revoke, revoke all unlimited, known protocols. */
@Route('approval')
@Tags('Approval')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class ApprovalController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Every live ERC-20 allowance and ERC-721/1155 operator approval of `owner` (default: the configured wallet).
   * `Approval` / `ApprovalForAll` logs of the owner (adaptive `eth_getLogs` chunks) nominate pairs; the amounts are read
   * on chain (`allowance`, `isApprovedForAll`) in Multicall3 batches. Incremental: a repeat scan reads only new blocks.
   * The first scan starts at `fromBlock`, else `APPROVAL_SCAN_START_<CHAIN>`, else `APPROVAL_SCAN_LOOKBACK_BLOCKS`
   * below the head; a `fromBlock` below what was scanned before reads that older history too. Zero allowances are not
   * listed; a pair whose state cannot be read is in `unreadable`.
   * @summary Scan token approvals
   * @param owner Address whose approvals are listed; default the configured wallet.
   * @maxLength owner 64
   * @param fromBlock First block of a first scan (or of older history to add). Integer ≥ 0.
   * @isLong fromBlock
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   */
  @Get('scan')
  @OperationId('scanApprovals')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid owner or fromBlock; unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'LOG_SCAN_FAILED or RPC_ERROR: the node kept refusing or answered garbage')
  @Response<ProblemDto>(503, 'The chain node is unreachable or timed out; no wallet and no owner')
  public async scan(
    @Query() owner?: string,
    @Query() fromBlock?: number,
    @Query() chain?: string,
  ): Promise<ApprovalScanDto> {
    return this.services.approvals.scan({ chain, owner, ...(fromBlock === undefined ? {} : { fromBlock }) });
  }

  /**
   * A risk score per approval — the sum of documented factors (unlimited, unknown spender, spender without code,
   * upgradeable spender, stale, value at risk priced in ETH-equivalent by the gateway's pricing; `null` when
   * unpriceable, never 0) — the worst first, and a summary (total value at risk, counts by level). Runs an
   * incremental scan first.
   * @summary Risk-score approvals
   * @param owner Address whose approvals are scored; default the configured wallet.
   * @maxLength owner 64
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   */
  @Get('risk')
  @OperationId('approvalRisk')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Invalid owner; unknown or unconfigured chain')
  @Response<ProblemDto>(502, 'LOG_SCAN_FAILED or RPC_ERROR')
  @Response<ProblemDto>(503, 'The chain node is unreachable or timed out; no wallet and no owner')
  public async risk(@Query() owner?: string, @Query() chain?: string): Promise<ApprovalRiskReportDto> {
    return this.services.approvals.risk({ chain, owner });
  }

  /**
   * Revokes one approval of the configured wallet through the execution gateway: `approve(spender, 0)` for an ERC-20
   * allowance, `setApprovalForAll(operator, false)` for an NFT operator (policy, simulation, the governor charged the
   * fee, kill switch, receipt). Answers the execution and the state read back from the chain. No approval there →
   * 409 `NOTHING_TO_REVOKE`, nothing sent. Send an `Idempotency-Key` to make retries safe.
   * @summary Revoke an approval
   * @param idempotencyKey Optional, recommended: 1–200 printable characters.
   * @maxLength idempotencyKey 200
   */
  @Post('revoke')
  @OperationId('revokeApproval')
  @SuccessResponse(200, 'Confirmed')
  @Response<ApprovalRevokeDto>(202, 'Sent and not yet mined: follow /executions/{id}')
  @Response<ProblemDto>(403, 'Blocked by the spend governor (KILL_SWITCH_ENGAGED, caps…) or the fee ceiling')
  @Response<ProblemDto>(409, 'NOTHING_TO_REVOKE, or IDEMPOTENCY_IN_PROGRESS')
  @Response<ProblemDto>(422, 'Invalid input, SIMULATION_REVERTED or IDEMPOTENCY_KEY_REUSED')
  @Response<ProblemDto>(502, 'TX_REVERTED: mined and reverted, the fee was spent')
  @Response<ProblemDto>(503, 'Nothing could be sent (node unreachable, wallet not configured)')
  public async revoke(
    @Body() body: ApprovalRevokeRequestDto,
    @Header('Idempotency-Key') idempotencyKey?: string,
  ): Promise<ApprovalRevokeDto> {
    const { status, body: answer } = await this.services.approvals.revoke(body, idempotencyKey);
    this.setStatus(status);
    return answer;
  }

  /**
   * Revokes every unlimited approval of the configured wallet (allowances ≥ 2**255 and NFT operator approvals) found
   * by a fresh scan, one after the other (nonce order) through the execution gateway, with a result per approval:
   * `confirmed`, `pending`, `blocked` (with its code), `failed`, or `skipped` once the kill switch stopped the run. One
   * failure does not stop the others. With the kill switch on at the start → 403 and nothing sent.
   * @summary Revoke all unlimited approvals
   * @param idempotencyKey Optional, recommended: 1–200 printable characters.
   * @maxLength idempotencyKey 200
   */
  @Post('revoke-all-unlimited')
  @OperationId('revokeAllUnlimitedApprovals')
  @SuccessResponse(200, 'Every revoke settled (see each result)')
  @Response<ApprovalRevokeAllDto>(202, 'Some revokes were sent and are not yet mined')
  @Response<ProblemDto>(403, 'KILL_SWITCH_ENGAGED: nothing was sent')
  @Response<ProblemDto>(409, 'IDEMPOTENCY_IN_PROGRESS')
  @Response<ProblemDto>(422, 'Invalid input or IDEMPOTENCY_KEY_REUSED')
  @Response<ProblemDto>(502, 'LOG_SCAN_FAILED or RPC_ERROR during the scan')
  @Response<ProblemDto>(503, 'Node unreachable, wallet not configured')
  public async revokeAllUnlimited(
    @Body() body?: ApprovalRevokeAllRequestDto,
    @Header('Idempotency-Key') idempotencyKey?: string,
  ): Promise<ApprovalRevokeAllDto> {
    const { status, body: answer } = await this.services.approvals.revokeAllUnlimited(
      body ?? {},
      idempotencyKey,
    );
    this.setStatus(status);
    return answer;
  }

  /**
   * The chain's well-known spenders (Uniswap routers, Universal Router, Permit2, 1inch, 0x, Aave, LI.FI, OpenSea…)
   * with their names, checksummed; on the devnet, its deployed routers. The same list names spenders in scans and
   * risk reports. No RPC call.
   * @summary Known protocol addresses
   * @param chain Chain name, alias or id; optional when the server has a default chain.
   * @maxLength chain 64
   */
  @Get('known-protocols')
  @OperationId('knownProtocols')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Unknown chain')
  public async knownProtocols(@Query() chain?: string): Promise<KnownProtocolsDto> {
    return this.services.approvals.knownProtocols(chain);
  }
}
