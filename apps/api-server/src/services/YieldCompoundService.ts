import {
  type Address,
  type ChainInfo,
  type ExecutionGateway,
  type ExecutionIntent,
  type ExecutionRecord,
  encodeDepositCalldata,
  type IdempotencyStore,
  parseAddress,
  type SharePriceStore,
} from '@org/chain-evm';
import { formatEther, type Governor } from '@org/governor';
import { formatUnits } from 'ethers';
import type { YieldConfig } from '../config.js';
import type { EthAmountDto } from '../dto/governor.js';
import type { YieldCompoundDto, YieldCompoundRequestDto } from '../dto/yieldCompound.js';
import { ApiProblem } from '../http/ApiProblem.js';
import { parseDecimalAmount } from '../http/parseDecimalAmount.js';
import { type CompoundAnswerParameters, compoundAnswer } from '../yield/compoundAnswer.js';
import { previewGovernorSpend } from '../yield/previewGovernorSpend.js';
import { priceCompound } from '../yield/priceCompound.js';
import { readRoundTripFee } from '../yield/readRoundTripFee.js';
import { runDepositPreflight } from '../yield/runDepositPreflight.js';
import { measuredRatePpb } from '../yield/measuredRatePpb.js';
import { type CompoundState, readCompoundState } from '../yield/readCompoundState.js';
import type { VaultAssetBook } from '../yield/VaultAssetBook.js';
import type { ChainProviders } from './ChainProviders.js';
import { runIdempotent } from './runIdempotent.js';

const eth = (wei: bigint): EthAmountDto => ({ eth: formatEther(wei), wei: wei.toString() });
const invalid = (field: string, message: string) =>
  new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, {
    fields: { [field]: message },
  });

/**
 * `POST /yield/compound`: deposits the wallet's idle underlying into a configured ERC-4626 vault through the
 * execution gateway (action `deposit`) — only when the expected gain over the horizon reaches the worst-case gas
 * times `YIELD_COMPOUND_MIN_GAIN_FACTOR`, after the pre-flight (`checkDepositPreflight`), with an exact approval
 * when the allowance is short — previewed with `gateway.assess` and the governor's caps, then handed to the gateway
 * with the deposit (`prerequisiteApproval`: simulated and held with it, sent only once the deposit is decided, so
 * nothing is approved for a deposit that is refused, denied or expires) — and the shares minted checked against the
 * preview after the receipt.
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
    const preflight = await runDepositPreflight({
      provider,
      chain,
      vault,
      wallet,
      amount,
      timeoutMs,
      asset: state.asset,
      toleranceBps: this.#config.compound.toleranceBps,
      minSupplyShares: this.#config.compound.minSupplyShares,
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
    const { ratePpb, reason } = await measuredRatePpb({
      store: this.#store,
      chainId: chain.id,
      vault,
      minHistoryDays: this.#config.minHistoryDays,
    });
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
      // Checked on the simulated deposit before it is signed (M9/G9), and again on the receipt.
      minimumReceived: [{ token: vault, amount: minShares }],
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
    const roundTrip = await readRoundTripFee({
      provider,
      vault,
      amount,
      previewShares: preflight.reads.previewShares,
      timeoutMs,
    });
    const priced = await priceCompound({
      provider,
      chain,
      timeoutMs,
      valueWei,
      amount,
      positionAfter: amount + state.position,
      ratePpb,
      settings: this.#config.compound,
      feeCeilingWei: this.#feeCeilingWei,
      vaultFeeAssets: roundTrip.feeAssets,
      vaultFeeBps: roundTrip.feeBps,
    });
    const economicsDto = priced.dto;
    const known = { ...base, value: eth(valueWei), economics: economicsDto, preflight: preflightDto };
    if (!priced.pays) {
      return {
        status: 200,
        body: { ...known, ...nothingSent, status: 'skipped', skipReason: 'GAIN_BELOW_GAS' },
      };
    }
    let action = depositIntent;
    if (state.allowance < amount) {
      // Counted: the value plus the worst-case gas of approval and deposit (near a cap it refuses rather than
      // hold or run a deposit the gateway would then refuse).
      await previewGovernorSpend({
        governor: this.#governor,
        action: 'deposit',
        valueWei: valueWei + priced.gasCost,
      });
      // The exact approval travels with the deposit (G3): simulated with it, held with it, sent by the gateway only
      // when the deposit is decided — a refused, denied or expired deposit leaves nothing approved on chain.
      action = {
        ...depositIntent,
        prerequisiteApproval: { token: state.asset, spender: vault, amount, ...meta(state) },
      };
    }
    const deposited = await gateway.execute(action, key ? { idempotencyKey: key } : {});
    return this.#answer(deposited, deposited.prerequisite ?? null, known, minShares);
  }

  #answer(
    executed: Awaited<ReturnType<ExecutionGateway['execute']>>,
    approval: ExecutionRecord | null,
    known: CompoundAnswerParameters['known'],
    minShares: bigint,
  ): { status: number; body: YieldCompoundDto } {
    return compoundAnswer({ executed, approval, known, minShares, registry: this.#registry });
  }
}

function meta(state: CompoundState): { symbol?: string; decimals: number } {
  return { ...(state.assetSymbol ? { symbol: state.assetSymbol } : {}), decimals: state.assetDecimals };
}
