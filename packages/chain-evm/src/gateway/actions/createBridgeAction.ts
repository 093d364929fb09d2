import type { Address, ChainInfo } from '../../chains/chains.js';
import { isNativeAsset, sameAsset } from '../../bridge/bridgeAddresses.js';
import { bridgeDeliveryBound } from '../../bridge/bridgeDeliveryBound.js';
import { decodeLifiCalldata } from '../../bridge/decodeLifiCalldata.js';
import type { LifiFacetFunction } from '../../bridge/lifiFacetFunctions.js';
import type { Refusal } from '../checkPolicy.js';
import type { ActionCheckParameters, ActionModule } from './ActionModule.js';
import { sameAddress } from './sameAddress.js';

/** Parameters of {@link createBridgeAction}. */
export interface CreateBridgeActionParameters {
  /**
   * Chain id → the bridge contracts allowed on that source chain (`resolveBridgeAllowlist`: LI.FI's pinned addresses
   * plus `BRIDGE_ALLOWED_CONTRACTS_<CHAIN>`). They are both the only targets and the only spenders of the action; a
   * chain without an entry allows nothing.
   */
  readonly allowlist: Readonly<Record<number, readonly Address[]>>;
  /**
   * Highest native value (wei) a bridge call may send beyond the amount bridged: a fee the quote lists (default 0:
   * none). It is part of the intent's value, so the governor charges it.
   */
  readonly maxNativeFeeWei?: bigint | undefined;
  /** The functions the decoder knows (default `LIFI_FACET_FUNCTIONS`). */
  readonly functions?: readonly LifiFacetFunction[] | undefined;
}

const invalid = (reason: string): Refusal => ({ code: 'INTENT_INVALID', reason });

/**
 * Action `bridge`, built from configuration: a LI.FI bridge call, its calldata decoded locally
 * (`decodeLifiCalldata`) and checked against the intent — never against the quote it came with. Refused with
 * `TARGET_NOT_ALLOWED` when the target is not on the source chain's allowlist; with `INTENT_INVALID` when the
 * calldata cannot be decoded, or the intent has no `bridge` side, or the call: pays anyone but the wallet (every
 * receiver and refund address it names), goes to another chain than `intent.bridge.toChainId` (or to the source
 * chain), delivers another asset than `intent.bridge.toToken` or less than `minAmountOut` — a call that names
 * neither must bound its own slippage within `intent.bridge.maxSlippageBps` and bridge the same asset (`sameAsset`);
 * one that proves neither is refused —
 * carries a destination call, swaps on the source chain first, or takes another asset or amount than the intent
 * spends — an ERC-20 transfer spends exactly one token, the sending asset, for exactly `minAmount`, with a native
 * value of at most `maxNativeFeeWei`; a native transfer spends no ERC-20 and sends exactly `minAmount` plus at most
 * `maxNativeFeeWei`. Tokens on the destination chain are not `acquires` (the caller checks their safety on that
 * chain): a bridge intent acquires nothing here. Its spenders are the chain's allowlist (the approval address).
 *
 * @example
 * ```ts
 * const bridge = createBridgeAction({
 *   allowlist: { 31337: resolveBridgeAllowlist({ chainId: 31337, configured: [devnetBridge] }) },
 * });
 * new ExecutionGateway({ …, actions: [...defaultActionModules, bridge] });
 * ```
 */
export function createBridgeAction(parameters: CreateBridgeActionParameters): ActionModule {
  const allowlist = new Map<number, readonly Address[]>(
    Object.entries(parameters.allowlist).map(([id, list]) => [Number(id), Object.freeze([...list])]),
  );
  const maxNativeFeeWei = parameters.maxNativeFeeWei ?? 0n;
  if (typeof maxNativeFeeWei !== 'bigint' || maxNativeFeeWei < 0n) {
    throw new TypeError('maxNativeFeeWei must be a non-negative bigint');
  }
  const functions = parameters.functions;
  const spenders = (chain: ChainInfo): readonly Address[] => allowlist.get(chain.id) ?? [];
  return Object.freeze<ActionModule>({
    action: 'bridge',
    spenders,
    check: (p) => checkBridgeIntent(p, spenders(p.chain), maxNativeFeeWei, functions),
  });
}

function checkBridgeIntent(
  { intent, chain, wallet }: ActionCheckParameters,
  allowed: readonly Address[],
  maxNativeFeeWei: bigint,
  functions: readonly LifiFacetFunction[] | undefined,
): Refusal | null {
  if (!allowed.some((a) => sameAddress(a, intent.to))) {
    return {
      code: 'TARGET_NOT_ALLOWED',
      reason: `bridges may only call the allowlisted bridge contracts of ${chain.name}; ${intent.to} is not one`,
    };
  }
  const side = intent.bridge;
  if (side === undefined || !Number.isSafeInteger(side.toChainId) || typeof side.toToken !== 'string') {
    return invalid('a bridge intent must name its destination chain and token (intent.bridge)');
  }
  const decoded = decodeLifiCalldata({ data: intent.data, functions });
  if (!decoded.ok)
    return invalid(`the calldata is not a bridge call the gateway can decode: ${decoded.reason}`);
  const { bridgeData, facet, swapData, form } = decoded.value;

  if (!sameAddress(bridgeData.receiver, wallet)) {
    return invalid(`the bridge pays ${bridgeData.receiver}, not the wallet ${wallet}`);
  }
  for (const party of facet.parties) {
    if (!sameAddress(party.address, wallet)) {
      return invalid(`the bridge names ${party.address} as ${party.role}, not the wallet ${wallet}`);
    }
  }
  if (bridgeData.destinationChainId !== BigInt(side.toChainId) || side.toChainId === intent.chainId) {
    return invalid(
      `the bridge goes to chain ${bridgeData.destinationChainId}; the intent asks ${side.toChainId} (from ${intent.chainId})`,
    );
  }
  if (bridgeData.hasDestinationCall || facet.destinationCall) {
    return invalid('the bridge carries a call to execute on the destination chain');
  }
  if (bridgeData.hasSourceSwaps || form !== 'start' || swapData.length > 0) {
    return invalid('the bridge swaps on the source chain first (arbitrary calls)');
  }
  const bound = bridgeDeliveryBound(decoded.value);
  if (bound === null) {
    return invalid('the bridge calldata proves neither the asset and amount delivered nor a slippage bound');
  }
  if (bound.kind === 'sent-asset') {
    if (side.sameAsset !== true || side.maxSlippageBps === undefined) {
      return invalid(
        'the bridge does not name the asset delivered; the intent does not bridge the same asset',
      );
    }
    if (bound.maxSlippagePpm > side.maxSlippageBps * 100) {
      return invalid(
        `the bridge may deliver ${bound.maxSlippagePpm} ppm less, above the ${side.maxSlippageBps} bps accepted`,
      );
    }
  } else {
    if (!sameAsset(bound.asset, side.toToken)) {
      return invalid(`the bridge delivers ${bound.asset}, the intent asks ${side.toToken}`);
    }
    if (side.minAmountOut !== undefined && bound.minimum < side.minAmountOut) {
      return invalid(`the bridge promises ${bound.minimum}, below the intent's minimum ${side.minAmountOut}`);
    }
  }
  if (intent.acquires.length !== 0) {
    return invalid('a bridge acquires nothing on the source chain (the destination token is checked there)');
  }
  const amount = bridgeData.minAmount;
  if (amount <= 0n) return invalid('the bridge sends nothing');
  if (isNativeAsset(bridgeData.sendingAssetId)) {
    if (intent.spends.length !== 0)
      return invalid('a native bridge spends no ERC-20: its value is the spend');
    if (intent.value < amount || intent.value - amount > maxNativeFeeWei) {
      return invalid(
        `the native value ${intent.value} is not the amount bridged (${amount}) plus at most ${maxNativeFeeWei} of fee`,
      );
    }
    return null;
  }
  const spent = intent.spends[0];
  if (intent.spends.length !== 1 || !sameAddress(spent?.token, bridgeData.sendingAssetId)) {
    return invalid(
      `the intent must spend exactly one token, the bridged asset (${bridgeData.sendingAssetId})`,
    );
  }
  if (spent?.amount !== amount) {
    return invalid(`the bridge takes ${amount}, the intent spends ${spent?.amount}`);
  }
  if (intent.value > maxNativeFeeWei) {
    return invalid(
      `a token bridge sends at most ${maxNativeFeeWei} wei of native fee; this sends ${intent.value}`,
    );
  }
  return null;
}
