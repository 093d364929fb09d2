import {
  APPROVAL_RISK_POINTS,
  type Approval,
  type ApprovalRisk,
  type ApprovalScanStore,
  type ApprovalState,
  assessApprovalRisk,
  type ChainInfo,
  type ExecutionGateway,
  type ExecutionRecord,
  getKnownProtocols,
  type IdempotencyStore,
  type OutstandingApprovalStore,
  parseAddress,
  revokeApproval,
  type ScanApprovalsReturnType,
  type SwapToken,
  scanApprovals,
} from '@org/chain-evm';
import { isRevocableToken } from '../approvals/isRevocableToken.js';
import { formatEther } from '@org/governor';
import { formatUnits } from 'ethers';
import type { ChainRescans } from '../chain/ChainRescans.js';
import type { Config } from '../config.js';
import type {
  ApprovalDto,
  ApprovalRevokeAllDto,
  ApprovalRevokeAllRequestDto,
  ApprovalRevokeDto,
  ApprovalRevokeRequestDto,
  ApprovalRevokeResultDto,
  ApprovalRiskReportDto,
  ApprovalScanDto,
  ApprovalStateDto,
  KnownProtocolsDto,
} from '../dto/approval.js';
import { ApiProblem } from '../http/ApiProblem.js';
import type { ChainProviders } from './ChainProviders.js';
import { executionHttpStatus } from './executionHttpStatus.js';
import { runIdempotent } from './runIdempotent.js';
import { toExecutionDto } from './toExecutionDto.js';

const eth = (wei: bigint) => ({ eth: formatEther(wei), wei: wei.toString() });

/**
 * Approval hygiene (`/approval/*`): scans (incremental, persisted per chain and owner), risk reports, revokes and
 * revoke-all-unlimited through the execution gateway, and the known protocols.
 */
export class ApprovalService {
  readonly #providers: ChainProviders;
  readonly #gateway: ExecutionGateway | undefined;
  readonly #store: ApprovalScanStore;
  readonly #idempotency: IdempotencyStore;
  readonly #registry: readonly ChainInfo[];
  readonly #settings: Config['approvals'];
  readonly #minLiquidityWei: bigint;
  readonly #twapBound: { maxTwapDeviationBps?: number };
  readonly #killSwitch: () => Promise<boolean>;
  readonly #rescans: ChainRescans | undefined;
  readonly #outstanding: OutstandingApprovalStore | undefined;
  readonly #tokens: (chain: ChainInfo) => readonly SwapToken[];
  /** Scans in flight by (chain, owner, fromBlock): concurrent identical requests share one scan. */
  readonly #inFlight = new Map<string, Promise<ScanApprovalsReturnType>>();
  /** The known-protocols answer per chain entry: static for the server's life, and checksumming and sorting the
   * list cost ~270 µs of CPU per request (a third of the throughput of the route) when built every time. */
  readonly #protocols = new WeakMap<ChainInfo, KnownProtocolsDto>();

  constructor({
    providers,
    gateway,
    store,
    idempotency,
    registry,
    settings,
    minLiquidityWei,
    maxTwapDeviationBps,
    killSwitch,
    rescans,
    outstandingApprovals,
    swapTokens,
  }: {
    providers: ChainProviders;
    /** The one signer; absent when no wallet is configured (revokes answer 503 WALLET_NOT_CONFIGURED). */
    gateway: ExecutionGateway | undefined;
    store: ApprovalScanStore;
    idempotency: IdempotencyStore;
    registry: readonly ChainInfo[];
    settings: Config['approvals'];
    /** The gateway's liquidity floor: value at risk is priced exactly as the gateway would charge it. */
    minLiquidityWei: bigint;
    /** The V3 TWAP bound of the pricing rules (`PRICING_MAX_TWAP_DEVIATION_BPS`; default 500). */
    maxTwapDeviationBps?: number;
    /** Whether the governor's kill switch is engaged. */
    killSwitch: () => Promise<boolean>;
    /** Where a re-scan after a reorg or a reset is reported (`chain.reorg`, `/health` degraded while it runs). */
    rescans?: ChainRescans;
    /** Approvals the gateway granted: their tokens may be revoked even when not on the token list (G10). */
    outstandingApprovals?: OutstandingApprovalStore;
    /** The chain's token list (built-in plus configured): only these tokens' approvals are revoked (G10). */
    swapTokens?: (chain: ChainInfo) => readonly SwapToken[];
  }) {
    this.#outstanding = outstandingApprovals;
    this.#tokens = swapTokens ?? (() => []);
    this.#providers = providers;
    this.#gateway = gateway;
    this.#store = store;
    this.#idempotency = idempotency;
    this.#registry = registry;
    this.#settings = settings;
    this.#minLiquidityWei = minLiquidityWei;
    this.#twapBound = maxTwapDeviationBps === undefined ? {} : { maxTwapDeviationBps };
    this.#killSwitch = killSwitch;
    this.#rescans = rescans;
  }

  knownProtocols(chain: string | undefined): KnownProtocolsDto {
    const info = this.#providers.known(chain);
    let answer = this.#protocols.get(info);
    if (!answer) {
      // Frozen, since every request gets the same object.
      const protocols = getKnownProtocols({ chain: info }).map((p) =>
        Object.freeze({ address: p.address, name: p.name }),
      );
      answer = Object.freeze({
        chain: Object.freeze({ id: info.id, name: info.name }),
        protocols: Object.freeze(protocols) as KnownProtocolsDto['protocols'],
      });
      this.#protocols.set(info, answer);
    }
    return answer;
  }

  async scan(p: {
    chain: string | undefined;
    owner: string | undefined;
    fromBlock?: number;
  }): Promise<ApprovalScanDto> {
    const { chain, scan } = await this.#scan(p);
    return {
      chain: { id: chain.id, name: chain.name },
      owner: scan.owner,
      blockNumber: scan.blockNumber,
      fromBlock: scan.fromBlock,
      toBlock: scan.toBlock,
      scannedRanges: scan.scannedRanges.map((r) => ({ ...r })),
      approvals: scan.approvals.map(approvalDto),
      unreadable: scan.unreadable.map((c) => ({
        kind: c.kind,
        token: c.token,
        spender: c.spender,
        lastApprovalBlock: c.lastBlock,
      })),
      stats: { ...scan.stats },
    };
  }

  async risk(p: { chain: string | undefined; owner: string | undefined }): Promise<ApprovalRiskReportDto> {
    const { chain, provider, timeoutMs, scan } = await this.#scan(p);
    const maxAgeDays = this.#settings.maxAgeDays === 0 ? null : this.#settings.maxAgeDays;
    const risk = await assessApprovalRisk({
      provider,
      chain,
      owner: scan.owner,
      approvals: scan.approvals,
      blockNumber: scan.blockNumber,
      minLiquidityWei: this.#minLiquidityWei,
      ...this.#twapBound,
      maxAgeSeconds: maxAgeDays === null ? null : maxAgeDays * 86_400,
      timeoutMs,
    });
    return {
      chain: { id: chain.id, name: chain.name },
      owner: scan.owner,
      blockNumber: scan.blockNumber,
      approvals: risk.approvals.map(riskDto),
      summary: {
        totalValueAtRisk:
          risk.summary.totalValueAtRiskWei === null ? null : eth(risk.summary.totalValueAtRiskWei),
        pricedValueAtRisk: eth(risk.summary.pricedValueAtRiskWei),
        unpricedTokens: risk.summary.unpricedTokens,
        operatorCollections: risk.summary.operatorCollections,
        counts: { ...risk.summary.counts },
        staleBeforeBlock: risk.summary.staleBeforeBlock,
        maxAgeDays,
      },
      factorPoints: { ...APPROVAL_RISK_POINTS },
    };
  }

  /** `POST /approval/revoke`: one revoke through the gateway; 409 `NOTHING_TO_REVOKE` when there is none. */
  revoke(
    body: ApprovalRevokeRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: ApprovalRevokeDto }> {
    return runIdempotent({
      store: this.#idempotency,
      key: idempotencyKey,
      body,
      scope: 'approval/revoke',
      run: (key) => this.#revoke(body, key),
    });
  }

  /** `POST /approval/revoke-all-unlimited`: a fresh scan, then every unlimited approval revoked in nonce order. */
  revokeAllUnlimited(
    body: ApprovalRevokeAllRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: ApprovalRevokeAllDto }> {
    return runIdempotent({
      store: this.#idempotency,
      key: idempotencyKey,
      body,
      scope: 'approval/revoke-all-unlimited',
      run: (key) => this.#revokeAll(body, key),
    });
  }

  async #revoke(
    body: ApprovalRevokeRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: ApprovalRevokeDto }> {
    const gateway = this.#requireGateway();
    const token = address('token', body.token);
    const spender = address('spender', body.spender);
    const { chain, provider, timeoutMs } = await this.#providers.get(body.chain);
    if (!(await this.#revocable(chain, gateway.address, token))) {
      throw new ApiProblem(
        422,
        'REVOKE_TOKEN_UNLISTED',
        'This token is neither on the chain’s token list nor ever approved through this gateway: nothing was sent',
        `${token} on ${chain.name}: a contract can fake an approval log; revoke it from a wallet you trust, or add the token to the list`,
      );
    }
    const result = await revokeApproval({
      gateway,
      provider,
      chain,
      token,
      spender,
      timeoutMs,
      ...(body.kind === undefined ? {} : { kind: body.kind }),
      options: idempotencyKey === undefined ? {} : { idempotencyKey },
    });
    if (result.outcome === 'nothing_to_revoke') {
      throw new ApiProblem(
        409,
        'NOTHING_TO_REVOKE',
        'There is no approval to revoke for this token and spender',
        `${body.kind ?? 'erc20 or operator'} approval of ${spender} on ${token}: none on chain; nothing was sent`,
      );
    }
    const execution = toExecutionDto(result.record, this.#registry);
    const status = executionHttpStatus(result.record, execution.txHash);
    return {
      status,
      body: {
        kind: result.kind,
        execution,
        before: stateDto(result.before),
        after: result.after === null ? null : stateDto(result.after),
      },
    };
  }

  #revocable(chain: ChainInfo, owner: `0x${string}`, token: `0x${string}`): Promise<boolean> {
    return isRevocableToken({
      chain,
      owner,
      token,
      tokens: this.#tokens(chain),
      approvals: this.#outstanding,
    });
  }

  async #revokeAll(
    body: ApprovalRevokeAllRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: ApprovalRevokeAllDto }> {
    const gateway = this.#requireGateway();
    if (await this.#killSwitch()) {
      throw new ApiProblem(
        403,
        'KILL_SWITCH_ENGAGED',
        'The kill switch is engaged: nothing was revoked',
        'release it (POST /governor/unkill) and try again',
      );
    }
    const { chain, provider, timeoutMs, scan } = await this.#scan({
      chain: body.chain,
      owner: gateway.address,
    });
    const unlimited = scan.approvals.filter((a) => a.unlimited);
    const results: ApprovalRevokeResultDto[] = [];
    let stopped = false;
    let sent = 0;
    const maxPerRun = this.#settings.revokeMaxPerRun;
    // One after the other: nonce order, and the kill switch can stop the remainder.
    for (const [i, approval] of unlimited.entries()) {
      const base = { kind: approval.kind, token: tokenDto(approval), spender: spenderDto(approval) };
      // Only tokens on the list or approved through the gateway, at most `maxPerRun` sends: the rest are listed for
      // the operator, nothing sent for them (G10).
      if (!(await this.#revocable(chain, gateway.address, approval.token))) {
        results.push({
          ...base,
          outcome: 'skipped',
          code: 'REVOKE_TOKEN_UNLISTED',
          reason:
            'neither on the chain’s token list nor ever approved through this gateway: left for the operator',
          execution: null,
        });
        continue;
      }
      if (sent >= maxPerRun) {
        results.push({
          ...base,
          outcome: 'skipped',
          code: 'REVOKE_RUN_LIMIT',
          reason: `at most ${maxPerRun} revokes per run (APPROVAL_REVOKE_MAX_PER_RUN): run again, or revoke it alone`,
          execution: null,
        });
        continue;
      }
      if (stopped || (await this.#killSwitch())) {
        stopped = true;
        results.push({
          ...base,
          outcome: 'skipped',
          code: 'KILL_SWITCH_ENGAGED',
          reason: 'the kill switch stopped the run before this revoke; nothing was sent for it',
          execution: null,
        });
        continue;
      }
      sent++;
      try {
        const result = await revokeApproval({
          gateway,
          provider,
          chain,
          token: approval.token,
          spender: approval.spender,
          kind: approval.kind,
          symbol: approval.symbol,
          timeoutMs,
          options: idempotencyKey === undefined ? {} : { idempotencyKey: `${idempotencyKey}:${i}` },
        });
        if (result.outcome === 'nothing_to_revoke') {
          // Cleared between the scan and now (by someone else): nothing to do, nothing sent.
          results.push({
            ...base,
            outcome: 'skipped',
            code: 'NOTHING_TO_REVOKE',
            reason: null,
            execution: null,
          });
          continue;
        }
        const outcome = outcomeOf(result.record);
        if (result.record.code === 'KILL_SWITCH_ENGAGED') stopped = true;
        results.push({
          ...base,
          outcome,
          code: result.record.code,
          reason: result.record.reason,
          execution: toExecutionDto(result.record, this.#registry),
        });
      } catch (error) {
        // One failure does not stop the others (a node error on this token, a store hiccup is thrown below).
        if ((error as { code?: unknown }).code === 'STORE_FAILURE') throw error;
        results.push({
          ...base,
          outcome: 'failed',
          code:
            typeof (error as { code?: unknown }).code === 'string'
              ? (error as { code: string }).code
              : 'INTERNAL_ERROR',
          reason: (error as { shortMessage?: string }).shortMessage ?? null,
          execution: null,
        });
      }
    }
    const counts = { confirmed: 0, pending: 0, blocked: 0, failed: 0, skipped: 0 };
    for (const r of results) counts[r.outcome]++;
    return {
      status: counts.pending > 0 ? 202 : 200,
      body: {
        chain: { id: chain.id, name: chain.name },
        owner: scan.owner,
        blockNumber: scan.blockNumber,
        results,
        counts,
      },
    };
  }

  async #scan(p: { chain: string | undefined; owner: string | undefined; fromBlock?: number }) {
    const owner = p.owner === undefined ? this.#gateway?.address : address('owner', p.owner);
    if (owner === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured: pass owner',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH, or name the owner',
      );
    }
    if (p.fromBlock !== undefined && (!Number.isSafeInteger(p.fromBlock) || p.fromBlock < 0)) {
      throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
        fields: { fromBlock: 'must be a non-negative integer' },
      });
    }
    const { chain, provider, timeoutMs } = await this.#providers.get(p.chain);
    const key = `${chain.id}:${owner.toLowerCase()}:${p.fromBlock ?? ''}`;
    let running = this.#inFlight.get(key);
    if (!running) {
      const defaultFromBlock = this.#settings.scanStart.get(chain.id);
      let rescanned: (() => void) | undefined;
      running = scanApprovals({
        provider,
        chain,
        owner,
        store: this.#store,
        lookbackBlocks: this.#settings.lookbackBlocks,
        logs: {
          maxChunk: this.#settings.maxChunkBlocks,
          initialChunk: Math.min(2_000, this.#settings.maxChunkBlocks),
        },
        timeoutMs,
        ...(p.fromBlock === undefined ? {} : { fromBlock: p.fromBlock }),
        ...(defaultFromBlock === undefined ? {} : { defaultFromBlock }),
        onReorg: (reorg) => {
          rescanned = this.#rescans?.begin({ scope: 'approval-scan', chainId: chain.id, owner, ...reorg });
        },
      }).finally(() => {
        rescanned?.();
        this.#inFlight.delete(key);
      });
      this.#inFlight.set(key, running);
    }
    return { chain, provider, timeoutMs, scan: await running };
  }

  #requireGateway(): ExecutionGateway {
    if (this.#gateway === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    return this.#gateway;
  }
}

function address(field: string, value: string): `0x${string}` {
  if (typeof value !== 'string') {
    throw new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
      fields: { [field]: 'must be an address' },
    });
  }
  return parseAddress({ address: value });
}

function outcomeOf(record: ExecutionRecord): ApprovalRevokeResultDto['outcome'] {
  if (record.status === 'confirmed') return 'confirmed';
  if (record.status === 'pending' || record.status === 'signed' || record.status === 'preparing')
    return 'pending';
  if (record.status === 'blocked') return 'blocked';
  return 'failed';
}

function tokenDto(a: Approval): ApprovalDto['token'] {
  return { address: a.token, symbol: a.symbol, name: a.name, decimals: a.decimals };
}

function spenderDto(a: Approval): ApprovalDto['spender'] {
  return { address: a.spender, name: a.spenderName };
}

function amountDto(base: bigint, decimals: number | null) {
  return { amount: decimals === null ? null : formatUnits(base, decimals), amountBase: base.toString() };
}

function approvalDto(a: Approval): ApprovalDto {
  return {
    kind: a.kind,
    token: tokenDto(a),
    spender: spenderDto(a),
    allowance: a.allowance === null ? null : amountDto(a.allowance, a.decimals),
    unlimited: a.unlimited,
    lastApproval: { blockNumber: a.lastApprovalBlock, txHash: a.lastApprovalTxHash },
  };
}

function riskDto(a: ApprovalRisk): ApprovalRiskReportDto['approvals'][number] {
  return {
    ...approvalDto(a),
    balance: a.balance === null ? null : amountDto(a.balance, a.decimals),
    valueAtRisk: a.valueAtRiskWei === null ? null : eth(a.valueAtRiskWei),
    spenderCode: a.spenderCode,
    stale: a.stale,
    score: a.score,
    level: a.level,
    factors: a.factors.map((f) => ({ ...f })),
  };
}

function stateDto(s: ApprovalState): ApprovalStateDto {
  return {
    allowance: s.allowance === null ? null : s.allowance.toString(),
    approvedForAll: s.approvedForAll,
  };
}
