import {
  type FetchEvidenceParameters,
  InvalidParameterError,
  ProviderError,
  type SourceEvidence,
  type TokenDataSource,
  withProviderDeadline,
} from '@org/token-safety';
import { getAddress, Interface, isAddress, JsonRpcProvider, Network, toBeHex } from 'ethers';
import { lossPercent } from './lossPercent.js';
import { TOKEN_SWAP_SIMULATOR_BYTECODE } from './tokenSwapSimulatorBytecode.js';

/** The one JSON-RPC capability the source needs (an ethers `JsonRpcProvider` has it). */
export type JsonRpcSender = { send(method: string, params: unknown[]): Promise<unknown> };

/** Parameters of {@link createOnChainEvidenceSource}. */
export type CreateOnChainEvidenceSourceParameters = (
  | { provider: JsonRpcSender; rpcUrl?: never }
  | { rpcUrl: string; provider?: never }
) & {
  /** The chain this node serves; the source only answers for this chain id. */
  chainId: number;
  weth: string;
  uniswapV2Router02: string;
  uniswapV2Factory: string;
  /** WETH spent on the simulated buy, in wei (default 0.01 ETH; capped at 0.1% of the pool's WETH reserve). */
  amountInWei?: bigint;
  /** Time-out of each JSON-RPC call, default 8000 ms. */
  timeoutMs?: number;
};

/** Return type of {@link createOnChainEvidenceSource}. */
export type CreateOnChainEvidenceSourceReturnType = TokenDataSource;

/**
 * A sell that loses this share (percent) or more of its quoted WETH is a honeypot; anything from 50% up is
 * vetoed by the score anyway (`sell-tax-extreme`).
 */
const HONEYPOT_SELL_TAX_PERCENT = 90;
/** Throw-away addresses used only inside `eth_call` (no key exists for them). */
const SIMULATOR_ADDRESS = '0x00000000000000000000000000000000005afe51';
const CALLER_ADDRESS = '0x00000000000000000000000000000000005afe52';

const simulatorInterface = new Interface([
  'function probe(address factory, address router, address weth, address token, uint256 maxAmountIn) returns (uint8 status, address pair, uint256 amountIn, tuple(bool buyOk, bool sellOk, uint256 expectedBuy, uint256 received, uint256 expectedSell, uint256 sold, uint256 sellReturned, bytes buyError, bytes sellError) r)',
]);

function validAddress(name: string, value: unknown): string {
  if (typeof value !== 'string' || !isAddress(value)) {
    throw new InvalidParameterError({ parameter: name, reason: 'must be a 0x-prefixed 20-byte address' });
  }
  return getAddress(value);
}

/**
 * On-chain evidence for `@org/token-safety`: simulates a small WETH→token buy and a token→WETH sell of
 * everything received through the token's Uniswap V2 pair (found through the factory and sized from its reserves by the
 * simulator itself), inside one `eth_call` with state overrides (a
 * simulator contract's runtime code and an ETH balance placed at a throw-away address). Nothing is signed or
 * broadcast. From what actually happens it derives `isHoneypot` (sell reverts, or keeps under 10%), `canBuy`,
 * `canSell`, `cannotSellAll` and the real buy and sell tax (percent lost against the pool's own quote).
 * Before the first simulation it checks `eth_chainId` against `chainId`: a node serving another chain gives
 * no evidence (the same address there may be another token). Limitation: buy and sell happen in one call, so
 * a token that only blocks sells in a later block, or for wallets other than this throw-away contract, is not
 * caught — other sources and the execution gateway's own pre-trade simulation still apply.
 *
 * @example
 * ```ts
 * const onchain = createOnChainEvidenceSource({
 *   rpcUrl: devnet.rpcUrl, chainId: 31337, ...devnet.manifest.contracts,
 * });
 * const service = createTokenSecurityService({ sources: [onchain], chains: [{ id: 31337, name: 'devnet', kind: 'evm', goplus: null, dexscreener: null }] });
 * ```
 */
export function createOnChainEvidenceSource(
  parameters: CreateOnChainEvidenceSourceParameters,
): CreateOnChainEvidenceSourceReturnType {
  const { chainId } = parameters;
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidParameterError({ parameter: 'chainId', reason: 'must be a positive integer' });
  }
  const weth = validAddress('weth', parameters.weth);
  const router = validAddress('uniswapV2Router02', parameters.uniswapV2Router02);
  const factory = validAddress('uniswapV2Factory', parameters.uniswapV2Factory);
  const amountInWei = parameters.amountInWei ?? 10n ** 16n;
  if (typeof amountInWei !== 'bigint' || amountInWei <= 0n) {
    throw new InvalidParameterError({ parameter: 'amountInWei', reason: 'must be a positive bigint' });
  }
  const timeoutMs = parameters.timeoutMs ?? 8_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    throw new InvalidParameterError({ parameter: 'timeoutMs', reason: 'must be a positive integer' });
  }
  let sender: JsonRpcSender;
  if (parameters.provider) {
    sender = parameters.provider;
  } else if (typeof parameters.rpcUrl === 'string') {
    const network = Network.from(chainId);
    sender = new JsonRpcProvider(parameters.rpcUrl, network, {
      staticNetwork: network,
      batchMaxCount: 1,
      cacheTimeout: -1,
    });
  } else {
    throw new InvalidParameterError({ parameter: 'provider', reason: 'pass a provider or an rpcUrl' });
  }

  /** One JSON-RPC request under the time-out; foreign (ethers / node) errors are translated once, here. */
  function rpc(method: string, params: unknown[]): Promise<unknown> {
    // Errors carry ethers' shortMessage or the error's name, never the RPC URL (it may carry credentials).
    return withProviderDeadline({
      provider: 'onchain-simulation',
      timeoutMs,
      describe: method,
      run: () => sender.send(method, params),
    });
  }

  async function ethCall(tx: Record<string, string>, overrides?: Record<string, unknown>): Promise<string> {
    const params: unknown[] = overrides ? [tx, 'latest', overrides] : [tx, 'latest'];
    const result = await rpc('eth_call', params);
    if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result)) {
      throw new ProviderError({
        code: 'PROVIDER_BAD_RESPONSE',
        provider: 'onchain-simulation',
        shortMessage: 'eth_call returned a non-hex result',
      });
    }
    return result;
  }

  // The same address can be a different contract on another chain: evidence from a node that serves another
  // chain than configured would be about the wrong token. Checked once per source (a node does not change
  // chains), before any simulation.
  let chainVerified = false;
  async function verifyChainId(): Promise<void> {
    if (chainVerified) return;
    const answer = await rpc('eth_chainId', []);
    let served: bigint | undefined;
    try {
      served = typeof answer === 'string' ? BigInt(answer) : undefined;
    } catch {
      served = undefined;
    }
    if (served !== BigInt(chainId)) {
      throw new ProviderError({
        code: 'PROVIDER_BAD_RESPONSE',
        provider: 'onchain-simulation',
        shortMessage: `the node serves chain ${served ?? String(answer).slice(0, 20)}, not the configured ${chainId}`,
      });
    }
    chainVerified = true;
  }

  return {
    name: 'onchain-simulation',
    supports: (chain) => chain.kind === 'evm' && chain.id === chainId,
    async fetchEvidence({ chain, address }: FetchEvidenceParameters): Promise<SourceEvidence> {
      if (chain.kind !== 'evm' || chain.id !== chainId) {
        throw new ProviderError({
          code: 'PROVIDER_UNSUPPORTED_CHAIN',
          provider: 'onchain-simulation',
          shortMessage: `configured for chain ${chainId}, not ${String(chain.id)}`,
        });
      }
      const token = getAddress(address);
      if (token === weth) {
        throw new ProviderError({
          code: 'PROVIDER_NO_DATA',
          provider: 'onchain-simulation',
          shortMessage: 'WETH cannot be simulated against itself',
        });
      }
      await verifyChainId();
      // One eth_call: the simulator finds the pair through the factory, sizes the buy from its reserves (at most
      // 0.1% of its WETH, so the AMM curve does not read as a tax), buys and sells everything back.
      const output = await ethCall(
        {
          from: CALLER_ADDRESS,
          to: SIMULATOR_ADDRESS,
          gas: toBeHex(30_000_000),
          data: simulatorInterface.encodeFunctionData('probe', [factory, router, weth, token, amountInWei]),
        },
        { [SIMULATOR_ADDRESS]: { code: TOKEN_SWAP_SIMULATOR_BYTECODE, balance: toBeHex(amountInWei * 2n) } },
      );
      let r: {
        buyOk: boolean;
        sellOk: boolean;
        expectedBuy: bigint;
        received: bigint;
        expectedSell: bigint;
        sold: bigint;
        sellReturned: bigint;
      };
      let status: bigint;
      let pair: string;
      let amountIn: bigint;
      try {
        [status, pair, amountIn, r] = simulatorInterface.decodeFunctionResult('probe', output) as unknown as [
          bigint,
          string,
          bigint,
          typeof r,
        ];
      } catch (cause) {
        throw new ProviderError({
          code: 'PROVIDER_BAD_RESPONSE',
          provider: 'onchain-simulation',
          shortMessage: 'the simulation returned an undecodable result',
          cause,
        });
      }
      if (status === 3n) {
        throw new ProviderError({
          code: 'PROVIDER_BAD_RESPONSE',
          provider: 'onchain-simulation',
          shortMessage:
            'unexpected answer from the V2 factory or pair (no contract at the configured address on this chain?)',
        });
      }
      if (status === 1n) {
        throw new ProviderError({
          code: 'PROVIDER_NO_DATA',
          provider: 'onchain-simulation',
          shortMessage: 'no Uniswap V2 pair against WETH',
        });
      }
      if (status !== 0n || amountIn === 0n) {
        throw new ProviderError({
          code: 'PROVIDER_NO_DATA',
          provider: 'onchain-simulation',
          shortMessage: 'the V2 pair is empty',
        });
      }
      const fields: SourceEvidence['fields'] = {};
      const warnings: string[] = [];
      const notChecked: string[] = [];
      const simulated = `buy of ${amountIn} wei WETH through V2 pair ${pair}`;
      if (!r.buyOk) {
        fields.canBuy = false;
        notChecked.push('onchain-simulation: the sell could not be simulated because the buy reverted');
        warnings.push(`simulated ${simulated} reverted`);
        return { fields, warnings, notChecked };
      }
      fields.canBuy = true;
      fields.buyTax = lossPercent(r.expectedBuy, r.received);
      if (r.received === 0n) {
        warnings.push(`simulated ${simulated} delivered no tokens`);
        notChecked.push(
          'onchain-simulation: the sell could not be simulated because the buy delivered nothing',
        );
        return { fields, warnings, notChecked };
      }
      if (!r.sellOk) {
        fields.canSell = false;
        fields.isHoneypot = true;
        warnings.push(`simulated sell of the ${r.received} base units bought reverted`);
        return { fields, warnings, notChecked };
      }
      fields.canSell = true;
      fields.cannotSellAll = false;
      fields.sellTax = lossPercent(r.expectedSell, r.sellReturned);
      fields.isHoneypot = fields.sellTax >= HONEYPOT_SELL_TAX_PERCENT;
      return { fields, warnings, notChecked };
    },
  };
}
