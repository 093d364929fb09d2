// GET /v1/quote of the fixture: an honest LI.FI step for the devnet bridge, then the script's adversary.
import { getAddress, hexlify, isAddress, randomBytes } from 'ethers';
import { encodeDevnetBridgeCall } from './encodeDevnetBridgeCall.js';
import { badRequest, type FixtureAnswer, json, noQuote } from './fixtureAnswers.js';
import { convertAmount, DECIMAL_SCALE, parseDecimal, usdString } from './fixtureUnits.js';
import type { LifiAdversary, LifiFixtureChain, LifiFixtureToken, LifiQuoteScript } from './types.js';

type Address = `0x${string}`;
type Hex = `0x${string}`;

/** Where adversarial quotes send funds and calls: a well-known, obviously-not-ours address. */
export const LIFI_FIXTURE_ATTACKER: Address = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';

const ZERO: Address = '0x0000000000000000000000000000000000000000';
const TOOL = {
  key: 'devnetbridge',
  name: 'Devnet Bridge',
  logoURI: 'https://example.invalid/devnetbridge.svg',
};
const GAS_PRICE = 1_000_000_000n;
const GAS_ESTIMATE = 150_000n;
const GAS_LIMIT = 300_000n;

/** Settings of the fixture that shape every quote. */
export interface QuoteSettings {
  readonly chains: readonly LifiFixtureChain[];
  /** Bridge fee in basis points of `fromAmount`, included in the amount (LI.FI `feeCosts[].included: true`). */
  readonly feeBps: number;
  /** `estimate.executionDuration`, seconds. */
  readonly executionDurationSeconds: number;
  /** Transfers worth less than this many USD (decimal string) get a 404 `AMOUNT_TOO_LOW`. */
  readonly minAmountUSD: string;
}

/** What the relayer must remember about a quote: its transaction id and the script's outcome. */
export interface BuiltQuote {
  readonly answer: FixtureAnswer;
  readonly transactionId: Hex | null;
}

/** Builds the answer to one `/v1/quote` request (validation errors in LI.FI's shapes included). */
export function buildFixtureQuote(
  query: Readonly<Record<string, string>>,
  settings: QuoteSettings,
  script: LifiQuoteScript,
): BuiltQuote {
  const refuse = (message: string): BuiltQuote => ({ answer: badRequest(message), transactionId: null });
  for (const name of ['fromChain', 'toChain', 'fromToken', 'toToken', 'fromAddress', 'fromAmount']) {
    if (!query[name]) return refuse(`${name} is a required parameter.`);
  }
  const fromChain = findChain(settings.chains, query['fromChain']!);
  const toChain = findChain(settings.chains, query['toChain']!);
  if (!fromChain)
    return refuse(`fromChain must be one of the supported chains: ${query['fromChain']} is not.`);
  if (!toChain) return refuse(`toChain must be one of the supported chains: ${query['toChain']} is not.`);
  const fromToken = findToken(fromChain, query['fromToken']!);
  const toToken = findToken(toChain, query['toToken']!);
  if (!fromToken) return refuse(`Unknown fromToken ${query['fromToken']} on chain ${fromChain.id}.`);
  if (!toToken) return refuse(`Unknown toToken ${query['toToken']} on chain ${toChain.id}.`);
  if (!isAddress(query['fromAddress']!)) return refuse('fromAddress must be a valid address.');
  if (query['toAddress'] !== undefined && !isAddress(query['toAddress'])) {
    return refuse('toAddress must be a valid address.');
  }
  if (!/^[0-9]{1,78}$/.test(query['fromAmount']!) || BigInt(query['fromAmount']!) === 0n) {
    return refuse('fromAmount must be a positive integer in base units.');
  }
  const slippageText = query['slippage'] ?? '0.005';
  const slippage = parseDecimal(slippageText);
  if (slippage === null || slippage > DECIMAL_SCALE)
    return refuse('slippage must be a number between 0 and 1.');
  if (query['maxPriceImpact'] !== undefined) {
    const impact = parseDecimal(query['maxPriceImpact']);
    if (impact === null || impact > DECIMAL_SCALE)
      return refuse('maxPriceImpact must be a number between 0 and 1.');
  }
  const notRouted = { fromChainId: fromChain.id, toChainId: toChain.id };
  if (fromChain.id === toChain.id) {
    return { answer: noQuote({ toolErrorCode: 'NO_POSSIBLE_ROUTE', ...notRouted }), transactionId: null };
  }
  const bridges = (name: string) => (query[name] ?? '').split(',').filter(Boolean);
  if (
    bridges('denyBridges').includes(TOOL.key) ||
    (bridges('allowBridges').length > 0 && !bridges('allowBridges').includes(TOOL.key))
  ) {
    return { answer: noQuote({ toolErrorCode: 'NO_POSSIBLE_ROUTE', ...notRouted }), transactionId: null };
  }

  const fromAmount = BigInt(query['fromAmount']!);
  const fromPrice = parseDecimal(fromToken.priceUSD) ?? 0n;
  const toPrice = parseDecimal(toToken.priceUSD) ?? 0n;
  const minUsd = parseDecimal(settings.minAmountUSD) ?? 0n;
  if ((fromAmount * fromPrice) / 10n ** BigInt(fromToken.decimals) < minUsd) {
    return { answer: noQuote({ toolErrorCode: 'AMOUNT_TOO_LOW', ...notRouted }), transactionId: null };
  }
  const fee = (fromAmount * BigInt(settings.feeBps)) / 10_000n;
  const toAmount = convertAmount({
    amount: fromAmount - fee,
    fromDecimals: fromToken.decimals,
    fromPrice,
    toDecimals: toToken.decimals,
    toPrice,
  });
  const fromAddress = getAddress(query['fromAddress']!) as Address;
  const toAddress = getAddress(query['toAddress'] ?? fromAddress) as Address;
  const transactionId = hexlify(randomBytes(32)) as Hex;

  // The honest quote, as mutable parts an adversary may bend.
  const spec = {
    bridgeData: {
      transactionId,
      bridge: TOOL.key,
      integrator: query['integrator'] ?? 'lifi-fixture',
      referrer: ZERO,
      sendingAssetId: fromToken.address,
      receiver: toAddress,
      minAmount: fromAmount,
      destinationChainId: BigInt(toChain.id),
      hasSourceSwaps: false,
      hasDestinationCall: false,
    },
    receivingAssetId: toToken.address,
    outputAmount: toAmount,
    toAmountMin: (toAmount * (DECIMAL_SCALE - slippage)) / DECIMAL_SCALE,
    slippageEcho: Number(slippageText),
    tx: {
      to: fromChain.bridge,
      from: fromAddress,
      value: isNative(fromToken) ? fromAmount : 0n,
      chainId: fromChain.id,
    },
    approvalAddress: fromChain.bridge,
    selector: null as Hex | null,
  };
  if (script.adversary)
    applyAdversary(script.adversary, spec, { fromChain, fromToken, toToken, toAmount, script });

  const data = encodeDevnetBridgeCall({
    bridgeData: spec.bridgeData,
    receivingAssetId: spec.receivingAssetId,
    outputAmount: spec.outputAmount,
  });
  const token = (chain: LifiFixtureChain, t: LifiFixtureToken) => ({
    address: t.address,
    chainId: chain.id,
    symbol: t.symbol,
    decimals: t.decimals,
    name: t.name,
    coinKey: t.symbol,
    logoURI: '',
    priceUSD: t.priceUSD,
  });
  const native = fromChain.tokens.find(isNative) ?? fromToken;
  const nativePrice = parseDecimal(native.priceUSD) ?? 0n;
  const action = {
    fromChainId: fromChain.id,
    fromAmount: fromAmount.toString(),
    fromToken: token(fromChain, fromToken),
    fromAddress,
    toChainId: toChain.id,
    toToken: token(toChain, toToken),
    toAddress,
    slippage: spec.slippageEcho,
  };
  const estimate = {
    tool: TOOL.key,
    approvalAddress: spec.approvalAddress,
    toAmountMin: spec.toAmountMin.toString(),
    toAmount: toAmount.toString(),
    fromAmount: fromAmount.toString(),
    feeCosts: [
      {
        name: 'Bridge fee',
        description: 'Fee kept by the devnet bridge',
        token: token(fromChain, fromToken),
        amount: fee.toString(),
        amountUSD: usdString(fee, fromToken.decimals, fromPrice),
        percentage: (settings.feeBps / 10_000).toString(),
        included: true,
      },
    ],
    gasCosts: [
      {
        type: 'SEND',
        price: GAS_PRICE.toString(),
        estimate: GAS_ESTIMATE.toString(),
        limit: ((GAS_ESTIMATE * 125n) / 100n).toString(),
        amount: (GAS_PRICE * GAS_ESTIMATE).toString(),
        amountUSD: usdString(GAS_PRICE * GAS_ESTIMATE, 18, nativePrice),
        token: token(fromChain, native),
      },
    ],
    executionDuration: settings.executionDurationSeconds,
    fromAmountUSD: usdString(fromAmount, fromToken.decimals, fromPrice),
    toAmountUSD: usdString(toAmount, toToken.decimals, toPrice),
  };
  const body: Record<string, unknown> = {
    type: 'lifi',
    id: transactionId.slice(2, 34),
    tool: TOOL.key,
    toolDetails: TOOL,
    action,
    estimate,
    includedSteps: [
      { id: transactionId.slice(34), type: 'cross', action, estimate, tool: TOOL.key, toolDetails: TOOL },
    ],
    integrator: spec.bridgeData.integrator,
    transactionRequest: {
      to: spec.tx.to,
      from: spec.tx.from,
      data: spec.selector ? (`${spec.selector}${data.slice(10)}` as Hex) : data,
      value: hex(spec.tx.value),
      gasLimit: hex(GAS_LIMIT),
      gasPrice: hex(GAS_PRICE),
      chainId: spec.tx.chainId,
    },
  };
  script.mutate?.(body);
  return { answer: json(200, body), transactionId };
}

type Spec = {
  bridgeData: {
    sendingAssetId: Address;
    receiver: Address;
    minAmount: bigint;
    destinationChainId: bigint;
    hasSourceSwaps: boolean;
    hasDestinationCall: boolean;
  };
  receivingAssetId: Address;
  outputAmount: bigint;
  toAmountMin: bigint;
  slippageEcho: number;
  tx: { to: Address; from: Address; value: bigint; chainId: number };
  approvalAddress: Address;
  selector: Hex | null;
};

function applyAdversary(
  adversary: LifiAdversary,
  spec: Spec,
  context: {
    fromChain: LifiFixtureChain;
    fromToken: LifiFixtureToken;
    toToken: LifiFixtureToken;
    toAmount: bigint;
    script: LifiQuoteScript;
  },
): void {
  const other = (chain: LifiFixtureChain, not: Address) =>
    chain.tokens.find((t) => !isNative(t) && t.address.toLowerCase() !== not.toLowerCase())?.address ??
    LIFI_FIXTURE_ATTACKER;
  switch (adversary) {
    case 'to-not-allowlisted':
      spec.tx.to = LIFI_FIXTURE_ATTACKER;
      return;
    case 'spender-not-allowlisted':
      spec.approvalAddress = LIFI_FIXTURE_ATTACKER;
      return;
    case 'receiver-not-us':
      spec.bridgeData.receiver = LIFI_FIXTURE_ATTACKER;
      return;
    case 'destination-call':
      spec.bridgeData.hasDestinationCall = true;
      return;
    case 'source-swaps':
      spec.bridgeData.hasSourceSwaps = true;
      return;
    case 'wrong-value':
      spec.tx.value = isNative(context.fromToken) ? spec.tx.value + 10n ** 18n : 5n * 10n ** 17n;
      return;
    case 'slippage-one':
      spec.slippageEcho = 1;
      spec.toAmountMin = 0n;
      spec.outputAmount = 0n;
      return;
    case 'lower-minimum': {
      const drop = (context.toAmount * BigInt(context.script.dropBps ?? 300)) / 10_000n;
      spec.toAmountMin = spec.toAmountMin > drop ? spec.toAmountMin - drop : 0n;
      spec.outputAmount = spec.toAmountMin;
      return;
    }
    case 'wrong-destination-chain':
      spec.bridgeData.destinationChainId = 1n;
      return;
    case 'wrong-sending-asset':
      spec.bridgeData.sendingAssetId = other(context.fromChain, spec.bridgeData.sendingAssetId);
      return;
    case 'wrong-min-amount':
      spec.bridgeData.minAmount *= 2n;
      return;
    case 'output-below-minimum':
      spec.outputAmount = spec.toAmountMin > 0n ? spec.toAmountMin - 1n : 0n;
      return;
    case 'wrong-receiving-asset':
      spec.receivingAssetId = LIFI_FIXTURE_ATTACKER;
      return;
    case 'wrong-chain-id':
      spec.tx.chainId = 1;
      return;
    case 'wrong-from':
      spec.tx.from = LIFI_FIXTURE_ATTACKER;
      return;
    case 'unknown-selector':
      spec.selector = '0xdeadbeef';
      return;
  }
}

function hex(value: bigint): Hex {
  return `0x${value.toString(16)}`;
}

function isNative(token: LifiFixtureToken): boolean {
  return /^0x0{40}$/i.test(token.address) || /^0xe{40}$/i.test(token.address);
}

function findChain(chains: readonly LifiFixtureChain[], text: string): LifiFixtureChain | undefined {
  return chains.find((c) => String(c.id) === text || c.key === text.toLowerCase());
}

function findToken(chain: LifiFixtureChain, text: string): LifiFixtureToken | undefined {
  const lower = text.toLowerCase();
  if (/^0xe{40}$/i.test(text)) return chain.tokens.find(isNative);
  return chain.tokens.find((t) => t.address.toLowerCase() === lower || t.symbol.toLowerCase() === lower);
}
