// LI.FI quotes for the real diamond's Across V3 and cBridge facets, built for the pure tests of the decoder and the
// checks. The calldata is encoded from the canonical signatures as LI.FI's typechain package spells them
// (lifinance/lifi-contract-types), independently of the decoder's own table.
import { Interface } from 'ethers';
import type { Address } from '../../chains/chains.js';
import type { BridgeQuoteRequest, LifiQuote, LifiToken } from '../types.js';

export const DIAMOND: Address = '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE';
export const USDC_BASE: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const USDC_ARBITRUM: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
export const OUR_WALLET: Address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const ATTACKER: Address = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';
export const NATIVE: Address = '0x0000000000000000000000000000000000000000';

const BRIDGE_DATA = '(bytes32,string,string,address,address,address,uint256,uint256,bool,bool)';
const SWAP_DATA = '(address,address,address,address,uint256,bytes,bool)[]';
const ACROSS_V3 = '(address,address,address,uint256,uint64,address,uint32,uint32,uint32,bytes)';
const CBRIDGE = '(uint32,uint64)';

/** The canonical signatures (types only), as the selector is computed from them. */
export const CANONICAL = {
  acrossStart: `startBridgeTokensViaAcrossV3(${BRIDGE_DATA},${ACROSS_V3})`,
  acrossSwap: `swapAndStartBridgeTokensViaAcrossV3(${BRIDGE_DATA},${SWAP_DATA},${ACROSS_V3})`,
  cbridgeStart: `startBridgeTokensViaCBridge(${BRIDGE_DATA},${CBRIDGE})`,
  cbridgeSwap: `swapAndStartBridgeTokensViaCBridge(${BRIDGE_DATA},${SWAP_DATA},${CBRIDGE})`,
} as const;

const iface = new Interface(Object.values(CANONICAL).map((signature) => `function ${signature} payable`));

export interface AcrossOptions {
  receiver?: Address;
  receiverAddress?: Address;
  refundAddress?: Address;
  receivingAssetId?: Address;
  outputAmount?: bigint;
  message?: `0x${string}`;
  hasDestinationCall?: boolean;
  hasSourceSwaps?: boolean;
  destinationChainId?: bigint;
  sendingAssetId?: Address;
  minAmount?: bigint;
  /** Encode `swapAndStartBridgeTokensViaAcrossV3` with these swaps. */
  swaps?: readonly { readonly sendingAssetId: Address; readonly fromAmount: bigint }[];
  /** Encode the cBridge form instead (no destination asset or receiver beyond BridgeData). */
  cbridge?: boolean;
  /** cBridge's `maxSlippage` (millionths; default 100 = 0.01%). */
  maxSlippage?: number;
}

const token = (address: Address, chainId: number): LifiToken => ({
  address,
  chainId,
  symbol: 'USDC',
  decimals: 6,
  name: 'USD Coin',
  priceUSD: '1',
});

export const ACROSS_REQUEST: BridgeQuoteRequest = {
  fromChainId: 8453,
  toChainId: 42161,
  fromToken: USDC_BASE,
  toToken: USDC_ARBITRUM,
  fromAmount: 25_000_000n,
  wallet: OUR_WALLET,
  slippageBps: 50,
  maxPriceImpactBps: 300,
};

/** A parsed LI.FI quote bridging 25 USDC Base → Arbitrum through the diamond's Across V3 (or cBridge) facet. */
export function acrossQuote(options: AcrossOptions = {}): LifiQuote {
  const toAmount = 24_990_000n;
  const toAmountMin = 24_865_050n; // −0.5%
  const bridgeData = [
    `0x${'ab'.repeat(32)}`,
    options.cbridge ? 'cbridge' : 'across',
    'wallet-ops',
    NATIVE,
    options.sendingAssetId ?? USDC_BASE,
    options.receiver ?? OUR_WALLET,
    options.minAmount ?? 25_000_000n,
    options.destinationChainId ?? 42161n,
    options.hasSourceSwaps ?? options.swaps !== undefined,
    options.hasDestinationCall ?? false,
  ];
  const acrossData = [
    options.receiverAddress ?? OUR_WALLET,
    options.refundAddress ?? OUR_WALLET,
    options.receivingAssetId ?? USDC_ARBITRUM,
    options.outputAmount ?? toAmount,
    0n,
    NATIVE,
    1_700_000_000,
    1_700_003_600,
    0,
    options.message ?? '0x',
  ];
  const swaps = options.swaps?.map((s) => [
    ATTACKER,
    ATTACKER,
    s.sendingAssetId,
    USDC_BASE,
    s.fromAmount,
    '0x',
    true,
  ]);
  const facetData = options.cbridge ? [options.maxSlippage ?? 100, 7n] : acrossData;
  const data = swaps
    ? iface.encodeFunctionData(
        options.cbridge ? 'swapAndStartBridgeTokensViaCBridge' : 'swapAndStartBridgeTokensViaAcrossV3',
        [bridgeData, swaps, facetData],
      )
    : iface.encodeFunctionData(
        options.cbridge ? 'startBridgeTokensViaCBridge' : 'startBridgeTokensViaAcrossV3',
        [bridgeData, facetData],
      );
  return {
    id: 'across-quote',
    type: 'lifi',
    tool: options.cbridge ? 'cbridge' : 'across',
    toolName: 'Across',
    integrator: 'wallet-ops',
    action: {
      fromChainId: 8453,
      toChainId: 42161,
      fromToken: token(USDC_BASE, 8453),
      toToken: token(USDC_ARBITRUM, 42161),
      fromAmount: 25_000_000n,
      fromAddress: OUR_WALLET,
      toAddress: OUR_WALLET,
      slippage: 0.005,
    },
    estimate: {
      tool: 'across',
      fromAmount: 25_000_000n,
      toAmount,
      toAmountMin,
      approvalAddress: DIAMOND,
      executionDurationSeconds: 60,
      feeCosts: [],
      gasCosts: [],
      fromAmountUSD: '25.00',
      toAmountUSD: '24.99',
    },
    includedSteps: [{ id: 'step-1', type: 'cross', tool: 'across' }],
    transactionRequest: {
      to: DIAMOND,
      from: OUR_WALLET,
      data: data as `0x${string}`,
      value: 0n,
      chainId: 8453,
      gasLimit: 400_000n,
      gasPrice: 10_000_000n,
      maxFeePerGas: null,
      maxPriorityFeePerGas: null,
    },
  };
}
