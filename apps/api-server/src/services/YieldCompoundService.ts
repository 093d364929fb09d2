import {
  type Address,
  buildApproveTransaction,
  type ChainInfo,
  type CheckDepositPreflightReturnType,
  checkDepositPreflight,
  computeCompoundEconomics,
  DEFAULT_GATEWAY_SETTINGS,
  type DepositPreflightReads,
  type ExecutionGateway,
  type ExecutionIntent,
  type ExecutionRecord,
  encodeDepositCalldata,
  estimateFees,
  type IdempotencyStore,
  parseAddress,
  readDepositPreflight,
  type SharePriceStore,
  worstCaseFeeWei,
} from '@org/chain-evm';
import { evaluate, formatEther, type Governor } from '@org/governor';
import { formatUnits } from 'ethers';
import type { YieldConfig } from '../config.js';
import type { EthAmountDto } from '../dto/governor.js';
import type { YieldCompoundDto, YieldCompoundRequestDto } from '../dto/yieldCompound.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { parseDecimalAmount } from '../http/parseDecimalAmount.js';
import { checkDepositShares } from '../yield/checkDepositShares.js';
import { measuredRatePpb } from '../yield/measuredRatePpb.js';
import { type CompoundState, readCompoundState } from '../yield/readCompoundState.js';
import type { VaultAssetBook } from '../yield/VaultAssetBook.js';
import type { ChainProviders } from './ChainProviders.js';
import { executionHttpStatus } from './executionHttpStatus.js';
import { runIdempotent } from './runIdempotent.js';
import { toConfirmationDto } from './toConfirmationDto.js';
import { toExecutionDto } from './toExecutionDto.js';

const eth = (wei: bigint): EthAmountDto => ({ eth: formatEther(wei), wei: wei.toString() });
const invalid = (field: string, message: string) =>
  new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
    fields: { [field]: message },
  });

/**
 * `POST /yield/compound`: deposits the wallet's idle underlying into a configured ERC-4626 vault through the
 * execution gateway (action `deposit`) — only when the expected gain over the horizon reaches the worst-case gas
 * times `YIELD_COMPOUND_MIN_GAIN_FACTOR`, after the pre-flight (`checkDepositPreflight`), with an exact approval
 * first when the allowance is short (previewed with `gateway.assess` and the governor's caps, so nothing is sent for
 * a deposit that would be refused), and the shares minted checked against the preview after the receipt.
 */
export class YieldCompoundService {
  readonly #providers: ChainProviders;
  readonly #gateway: ExecutionGateway | undefined;
  readonly #governor: Governor;
  readonly #idempotency: IdempotencyStore;
  readonly #store: SharePriceStore;
  readonly #assets: VaultAssetBook;
  readonly #config: YieldConfig;
  readonly #registry: readonly ChainInfo[];
  readonly #feeCeilingWei: bigint;

  constructor(p: {
    providers: ChainProviders;
    gateway: ExecutionGateway | undefined;
    governor: Governor;
    idempotency: IdempotencyStore;
    store: SharePriceStore;
    assets: VaultAssetBook;
    config: YieldConfig;
    registry: readonly ChainInfo[];
    feeCeilingWei: bigint;
  }) {
    this.#providers = p.providers;
    this.#gateway = p.gateway;
    this.#governor = p.governor;
    this.#idempotency = p.idempotency;
    this.#store = p.store;
    this.#assets = p.assets;
    this.#config = p.config;
    this.#registry = p.registry;
    this.#feeCeilingWei = p.feeCeilingWei;
  }

  /** With an `Idempotency-Key`, a repeat of the same body returns the first answer and never deposits twice. */
  compound(
    body: YieldCompoundRequestDto,
    idempotencyKey: string | undefined,
  ): Promise<{ status: number; body: YieldCompoundDto }> {
    return runIdempotent({
      store: this.#idempotency,
      key: idempotencyKey,
      body: body ?? {},
      scope: 'yield-compound',
      run: (key) => this.#compound(body, key),
    });
  }

  async #compound(
    p: YieldCompoundRequestDto,
    key: string | undefined,
  ): Promise<{ status: number; body: YieldCompoundDto }> {
    const gateway = this.#gateway;
    if (gateway === undefined) {
      throw new ApiProblem(
        503,
        'WALLET_NOT_CONFIGURED',
        'No wallet is configured',
        'set WALLET_PRIVATE_KEY or WALLET_KEYSTORE_PATH',
      );
    }
    if (typeof p?.vault !== 'string') throw invalid('vault', 'required: the vault’s 0x address');
    let vault: Address;
    try {
      vault = parseAddress({ address: p.vault });
    } catch {
      throw invalid('vault', 'must be a 0x address (a mixed-case one with a valid EIP-55 checksum)');
    }
    if (p.minShares !== undefined && !/^[0-9]{1,78}$/.test(p.minShares)) {
      throw invalid('minShares', 'must be a whole number of share base units (decimal string)');
    }
    const requestedMinShares = p.minShares === undefined ? 0n : BigInt(p.minShares);
    const { chain, provider, timeoutMs } = await this.#providers.get(p.chain);
    const configured = this.#config.vaults.get(chain.id) ?? [];
    if (!configured.some((v) => v.toLowerCase() === vault.toLowerCase())) {
      throw new ApiProblem(
        404,
        'VAULT_NOT_CONFIGURED',
        'The vault is not configured for compounding',
        `${vault} is not in YIELD_VAULTS_${chain.name.toUpperCase()}`,
        { vault, chain: chain.name },
      );
    }
    const wallet = gateway.address;
    const state = await readCompoundState({ provider, chain, vault, wallet, timeoutMs });
    if (!this.#assets.learn({ chainId: chain.id, vault, asset: state.asset })) {
      throw new ApiProblem(
        502,
        'VAULT_UNREADABLE',
        'The vault answered another asset than before',
        undefined,
        { vault },
      );
    }
    const amount =
      p.amount === undefined
        ? state.idle
        : parseDecimalAmount({ field: 'amount', text: p.amount, decimals: state.assetDecimals });
    const base: Pick<YieldCompoundDto, 'chain' | 'vault' | 'amount'> = {
      chain: { id: chain.id, name: chain.name },
      vault,
      amount: {
        symbol: state.assetSymbol,
        token: state.asset,
        amount: formatUnits(amount, state.assetDecimals),
        amountBase: amount.toString(),
        decimals: state.assetDecimals,
      },
    };
    const nothingSent = { approval: null, execution: null, sharesReceived: null, confirmation: null };
    if (amount === 0n) {
      const body: YieldCompoundDto = {
        ...base,
        ...nothingSent,
        status: 'skipped',
        skipReason: 'NO_IDLE_BALANCE',
        value: null,
        economics: null,
        preflight: null,
      };
      return { status: 200, body };
    }
    if (amount > state.idle) {
      throw new ApiProblem(
        409,
        'INSUFFICIENT_BALANCE',
        'The wallet holds less of the asset than asked',
        `${state.idle} base units idle, ${amount} asked`,
        { idle: state.idle.toString() },
      );
    }
    const preflight = await this.#preflight({
      provider,
      chain,
      vault,
      wallet,
      amount,
      timeoutMs,
      asset: state.asset,
    });
    const minShares =
      preflight.check.minShares > requestedMinShares ? preflight.check.minShares : requestedMinShares;
    const preflightDto = {
      maxDeposit: preflight.reads.maxDeposit.toString(),
      previewShares: preflight.reads.previewShares.toString(),
      convertShares: preflight.reads.convertShares.toString(),
      totalSupply: preflight.reads.totalSupply.toString(),
      shortfallBps: preflight.check.shortfallBps,
      toleranceBps: this.#config.compound.toleranceBps,
      minShares: minShares.toString(),
    };
    if (preflight.reads.previewShares < requestedMinShares) {
      throw new ApiProblem(
        409,
        'DEPOSIT_BELOW_MIN_SHARES',
        'The deposit would mint fewer shares than minShares',
        `previewDeposit gives ${preflight.reads.previewShares}, under ${requestedMinShares}`,
        { preflight: preflightDto },
      );
    }
    const { ratePpb, reason } = await measuredRatePpb({ store: this.#store, chainId: chain.id, vault });
    if (ratePpb === null) {
      throw new ApiProblem(
        409,
        'YIELD_RATE_UNKNOWN',
        'The vault’s yield is not measured yet: compounding cannot be shown to pay',
        reason ?? undefined,
        { vault },
      );
    }
    const depositIntent: ExecutionIntent = {
      chainId: chain.id,
      action: 'deposit',
      to: vault,
      data: encodeDepositCalldata({ assets: amount, receiver: wallet }),
      value: 0n,
      spends: [{ token: state.asset, amount, ...meta(state) }],
      acquires: [],
      description: `deposit ${base.amount.amount} ${state.assetSymbol ?? state.asset} into ${vault}`,
    };
    // The value the governor is charged: the asset priced on chain by the gateway (never the request's number).
    const assessed = await gateway.assess(depositIntent);
    if (assessed.refusal !== null || assessed.valueWei === null) {
      // Refused anyway (value unknown, policy): the gateway records the refusal; nothing is approved or sent.
      const refused = await gateway.execute(depositIntent, key ? { idempotencyKey: key } : {});
      return this.#answer(
        refused,
        null,
        { ...base, value: null, economics: null, preflight: preflightDto },
        minShares,
      );
    }
    const valueWei = assessed.valueWei;
    const fees = await estimateFees({ provider, chain, timeoutMs });
    const maxFeePerGas = fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
    const { gasLimit, minGainFactorBps, horizonSeconds } = this.#config.compound;
    const gasCost = worstCaseFeeWei({
      gasLimit,
      maxFeePerGas,
      feeCeilingWei: this.#feeCeilingWei,
      maxReplacements: DEFAULT_GATEWAY_SETTINGS.maxReplacements,
    });
    const economics = computeCompoundEconomics({
      amount: valueWei,
      // The whole position after the deposit, priced at the same rate as the amount (for τ*).
      position: (valueWei * (amount + state.position)) / amount,
      ratePpb,
      horizonSeconds,
      gasCost,
      minGainFactorBps,
    });
    const economicsDto = {
      ratePpb: ratePpb.toString(),
      horizonSeconds: horizonSeconds.toString(),
      gain: eth(economics.expectedGain),
      gas: eth(gasCost),
      requiredGain: eth(economics.requiredGain),
      minGainFactorBps: Number(minGainFactorBps),
      pays: economics.pays,
      paysAfterSeconds: economics.paysAfterSeconds?.toString() ?? null,
      optimalIntervalSeconds: economics.optimalIntervalSeconds?.toString() ?? null,
      gasLimit: gasLimit.toString(),
      maxFeePerGas: (gasLimit === 0n ? 0n : gasCost / gasLimit).toString(),
    };
    const known = { ...base, value: eth(valueWei), economics: economicsDto, preflight: preflightDto };
    if (!economics.pays) {
      return {
        status: 200,
        body: { ...known, ...nothingSent, status: 'skipped', skipReason: 'GAIN_BELOW_GAS' },
      };
    }
    let approval: ExecutionRecord | null = null;
    if (state.allowance < amount) {
      await this.#governorPreview(valueWei + gasCost);
      const tx = buildApproveTransaction({ token: state.asset, spender: vault, amount });
      const approved = await gateway.execute(
        {
          chainId: chain.id,
          action: 'approve',
          to: tx.to,
          data: tx.data,
          value: 0n,
          spender: vault,
          // An approval moves nothing: only its gas is charged.
          spends: [{ token: state.asset, amount: 0n, ...meta(state) }],
          acquires: [],
          description: `approve exactly ${base.amount.amount} ${state.assetSymbol ?? state.asset} to the vault ${vault}`,
        },
        key ? { idempotencyKey: `${key}:approve` } : {},
      );
      approval = approved.record;
      if (approved.record.status !== 'confirmed') {
        return this.#answer(approved, approval, known, minShares);
      }
    }
    const deposited = await gateway.execute(depositIntent, key ? { idempotencyKey: key } : {});
    return this.#answer(deposited, approval, known, minShares);
  }

  /** The pre-flight on chain: reads at one block, then `checkDepositPreflight`; a refusal is 409 with its code. */
  async #preflight(p: {
    provider: Parameters<typeof readDepositPreflight>[0]['provider'];
    chain: ChainInfo;
    vault: Address;
    wallet: Address;
    amount: bigint;
    timeoutMs: number;
    asset: Address;
  }): Promise<{
    reads: DepositPreflightReads;
    check: Extract<CheckDepositPreflightReturnType, { ok: true }>;
  }> {
    const read = await readDepositPreflight({
      provider: p.provider,
      chain: p.chain,
      vault: p.vault,
      receiver: p.wallet,
      amount: p.amount,
      timeoutMs: p.timeoutMs,
    });
    if (read.reads === null || read.asset?.toLowerCase() !== p.asset.toLowerCase()) {
      throw new ApiProblem(
        502,
        'VAULT_UNREADABLE',
        'The vault could not be read as ERC-4626',
        read.unreadableReason ?? 'asset() changed between reads',
        { vault: p.vault },
      );
    }
    const { toleranceBps, minSupplyShares } = this.#config.compound;
    const check = checkDepositPreflight({
      amount: p.amount,
      reads: read.reads,
      toleranceBps,
      minSupplyShares,
    });
    if (!check.ok) {
      throw new ApiProblem(409, check.code, 'The vault refuses this deposit now', check.reason, {
        vault: p.vault,
        maxDeposit: read.reads.maxDeposit.toString(),
        previewShares: read.reads.previewShares.toString(),
        convertShares: read.reads.convertShares.toString(),
        shortfallBps: check.shortfallBps,
        toleranceBps,
      });
    }
    return { reads: read.reads, check };
  }

  /**
   * The governor's caps and kill switch, read before the approval (the gateway decides again, atomically): a deposit
   * worth more than a cap allows is refused with the governor's code before anything is signed. Counted: the value
   * plus the worst-case gas of approval and deposit (a bound: near a cap it refuses rather than send an approval).
   */
  async #governorPreview(valueWei: bigint): Promise<void> {
    const status = await this.#governor.status();
    const decision = evaluate({
      policy: this.#governor.policy,
      request: { action: 'deposit', value: valueWei },
      state: { killed: status.killSwitch, daily: status.spent.daily, session: status.spent.session },
    });
    if (!decision.allowed) {
      throw new ApiProblem(
        403,
        decision.code,
        'The spend governor would refuse this deposit: nothing was signed',
        decision.reason,
        { value: eth(valueWei) },
      );
    }
  }

  #answer(
    executed: Awaited<ReturnType<ExecutionGateway['execute']>>,
    approval: ExecutionRecord | null,
    known: Pick<YieldCompoundDto, 'chain' | 'vault' | 'amount' | 'value' | 'economics' | 'preflight'>,
    minShares: bigint,
  ): { status: number; body: YieldCompoundDto } {
    const { record, confirmation } = executed;
    const execution = toExecutionDto(record, this.#registry);
    // Throws the problem (403 governor/safety codes, 422, 502, 503) for anything but confirmed, pending or held.
    const status = executionHttpStatus(record, execution.txHash);
    const isDeposit = record.action === 'deposit';
    let sharesReceived: string | null = null;
    if (isDeposit && record.status === 'confirmed') {
      const check = checkDepositShares({ result: record.result, minShares });
      if (!check.ok) {
        throw new ApiProblem(
          502,
          check.code,
          'The deposit was mined but the shares minted do not match its preview',
          check.reason,
          {
            executionId: record.id,
            txHash: execution.txHash,
            sharesReceived: check.shares?.toString() ?? null,
            minShares: minShares.toString(),
          },
        );
      }
      sharesReceived = check.shares.toString();
    }
    return {
      status,
      body: {
        ...known,
        status:
          isDeposit && record.status === 'confirmed'
            ? 'confirmed'
            : record.status === 'awaiting_confirmation'
              ? 'awaiting_confirmation'
              : 'pending',
        skipReason: null,
        approval: approval ? toExecutionDto(approval, this.#registry) : null,
        execution: isDeposit ? execution : null,
        sharesReceived,
        confirmation: confirmation ? toConfirmationDto(confirmation, this.#registry) : null,
      },
    };
  }
}

function meta(state: CompoundState): { symbol?: string; decimals: number } {
  return { ...(state.assetSymbol ? { symbol: state.assetSymbol } : {}), decimals: state.assetDecimals };
}
