import { getAddress, type Interface, type Result } from 'ethers';
import type { Address, ChainInfo } from '../../chains/chains.js';
import { swapRouter02Interface, swapRouterInterface, v2RouterInterface } from '../../swap/swapInterfaces.js';
import { sameAddress } from './sameAddress.js';

/** A swap call decoded by {@link decodeSwapCalldata}: what it spends, what it pays out, and to whom. */
export interface DecodedSwapCall {
  /** Uniswap V2 Router02, or a V3 router (SwapRouter / SwapRouter02). */
  readonly protocol: 'v2' | 'v3';
  /** The swap function (for V3, the one inside the multicall), e.g. `swapExactTokensForETH`, `exactInput`. */
  readonly fn: string;
  /** ERC-20 path, first = token in, last = token out (the wrapped native token at a native end). */
  readonly path: readonly Address[];
  /** V3 `exactOutputSingle`: `amountOut` is exact and `amountIn` the most that may be taken. */
  readonly exactOutput: boolean;
  /** Amount in (exact input) or the maximum in (exact output); `null` for the V2 ETH-in functions (`msg.value`). */
  readonly amountIn: bigint | null;
  /** Minimum out (exact input) or the exact amount out (exact output). */
  readonly amountOut: bigint;
  /** The swap function's recipient (V2 `to`, V3 `params.recipient`). */
  readonly recipient: Address;
  /** Paid with native value: a V2 `swapExactETHFor…` function, or a V3 call followed by `refundETH()`. */
  readonly nativeIn: boolean;
  /** Paid out in native currency: a V2 `…ForETH` function, or a V3 call followed by `unwrapWETH9`. */
  readonly nativeOut: boolean;
  /** The V3 router's `unwrapWETH9(amountMinimum, recipient)` step, if any (the swap then pays the router). */
  readonly unwrap: { readonly amountMinimum: bigint; readonly recipient: Address } | null;
}

const V2_FUNCTIONS = new Set([
  'swapExactTokensForTokens',
  'swapExactETHForTokens',
  'swapExactTokensForETH',
  'swapExactTokensForTokensSupportingFeeOnTransferTokens',
  'swapExactETHForTokensSupportingFeeOnTransferTokens',
  'swapExactTokensForETHSupportingFeeOnTransferTokens',
]);
const V3_SWAPS = new Set(['exactInputSingle', 'exactInput', 'exactOutputSingle']);

/** Decodes one call of `iface` and accepts it only if re-encoding gives back exactly `data` (canonical ABI). */
function strict(iface: Interface, data: string): { name: string; args: Result } | null {
  try {
    const call = iface.parseTransaction({ data });
    // Stryker disable next-line ConditionalExpression: equivalent — without it `call.fragment` throws, caught below as null
    if (call === null) return null;
    // ethers ignores trailing bytes and masks dirty high bits of small types: re-encoding refuses both, and any
    // offset or length that is not the one our builders write.
    if (iface.encodeFunctionData(call.fragment, call.args).toLowerCase() !== data.toLowerCase()) return null;
    return { name: call.name, args: call.args };
  } catch {
    return null;
  }
}

/** A V3 path: token (20 bytes), then fee (3 bytes) + token (20 bytes) per hop, at least one hop. */
function v3PathTokens(path: string): Address[] | null {
  const hex = path.slice(2);
  if (hex.length < 86 || (hex.length - 40) % 46 !== 0) return null;
  const tokens: Address[] = [];
  // Stryker disable next-line EqualityOperator: equivalent — the length check above leaves no step that starts at the end
  for (let at = 0; at < hex.length; at += 46)
    tokens.push(getAddress(`0x${hex.slice(at, at + 40)}`) as Address);
  return tokens;
}

function v2(data: string): DecodedSwapCall | null {
  const call = strict(v2RouterInterface, data);
  if (call === null || !V2_FUNCTIONS.has(call.name)) return null;
  const nativeIn = call.name.startsWith('swapExactETHFor');
  const a = call.args;
  return {
    protocol: 'v2',
    fn: call.name,
    path: (a.getValue('path') as string[]).map((t) => getAddress(t) as Address),
    exactOutput: false,
    amountIn: nativeIn ? null : (a.getValue('amountIn') as bigint),
    amountOut: a.getValue('amountOutMin') as bigint,
    recipient: getAddress(a.getValue('to') as string) as Address,
    nativeIn,
    // Stryker disable next-line Regex: equivalent — no V2 function has the name anywhere but at its start
    nativeOut: /^swapExactTokensForETH/.test(call.name),
    unwrap: null,
  };
}

function v3Swap(iface: Interface, data: string) {
  const call = strict(iface, data);
  if (call === null || !V3_SWAPS.has(call.name)) return null;
  const p = call.args.getValue('params') as Result;
  const path =
    call.name === 'exactInput'
      ? v3PathTokens(p.getValue('path') as string)
      : [getAddress(p.getValue('tokenIn') as string), getAddress(p.getValue('tokenOut') as string)];
  if (path === null) return null;
  const exactOutput = call.name === 'exactOutputSingle';
  return {
    fn: call.name,
    path: path as Address[],
    exactOutput,
    amountIn: (exactOutput ? p.getValue('amountInMaximum') : p.getValue('amountIn')) as bigint,
    amountOut: (exactOutput ? p.getValue('amountOut') : p.getValue('amountOutMinimum')) as bigint,
    recipient: getAddress(p.getValue('recipient') as string) as Address,
  };
}

function v3(data: string, original: boolean): DecodedSwapCall | null {
  const iface = original ? swapRouterInterface : swapRouter02Interface;
  // The forms the builders write: the original router calls the swap alone or `multicall(bytes[])`,
  // SwapRouter02 always `multicall(uint256 deadline, bytes[])`; the swap first, then at most `refundETH()` or
  // `unwrapWETH9(amountMinimum, recipient)`.
  let steps: string[];
  const outer = strict(iface, data);
  if (outer?.name === 'multicall') steps = [...(outer.args.getValue('data') as string[])];
  else if (original && outer !== null) steps = [data];
  else return null;
  if (steps.length < 1 || steps.length > 2) return null;
  const swap = v3Swap(iface, steps[0] as string);
  if (swap === null) return null;
  let nativeIn = false;
  let unwrap: DecodedSwapCall['unwrap'] = null;
  if (steps.length === 2) {
    const tail = strict(iface, steps[1] as string);
    if (tail?.name === 'refundETH') nativeIn = true;
    else if (tail?.name === 'unwrapWETH9') {
      unwrap = {
        amountMinimum: tail.args.getValue('amountMinimum') as bigint,
        recipient: getAddress(tail.args.getValue('recipient') as string) as Address,
      };
    } else return null;
  }
  return { protocol: 'v3', ...swap, nativeIn, nativeOut: unwrap !== null, unwrap };
}

/** Parameters of {@link decodeSwapCalldata}. */
export interface DecodeSwapCalldataParameters {
  /** The configured chain: its routers and V3 router kind. */
  readonly chain: ChainInfo;
  /** The router called: the chain's V2 Router02 or its V3 swap router (whose kind selects the ABI). */
  readonly to: string;
  /** The calldata, 0x-prefixed hex. */
  readonly data: string;
}

/**
 * Decodes swap calldata exactly as the package's swap builders write it (pure): Uniswap V2 Router02's six
 * exact-input functions (the `…SupportingFeeOnTransferTokens` variants included); V3 `exactInputSingle`,
 * `exactInput` and `exactOutputSingle` for the chain's router kind — alone or in `multicall(bytes[])` for the
 * original SwapRouter, in `multicall(uint256 deadline, bytes[])` for SwapRouter02 — followed by at most one
 * `refundETH()` (native in) or `unwrapWETH9(amountMinimum, recipient)` (native out). Every call must be canonical
 * ABI (re-encoding it gives back the same bytes: no trailing bytes, no dirty high bits). Anything else, or a target
 * that is not one of the chain's routers, is `null`.
 *
 * @example
 * ```ts
 * decodeSwapCalldata({ chain, to: tx.to, data: tx.data });
 * // { protocol: 'v2', fn: 'swapExactETHForTokens', path: [weth, usdc], amountIn: null, amountOut: 9n, recipient, … }
 * ```
 */
export function decodeSwapCalldata({
  chain,
  to,
  data,
}: DecodeSwapCalldataParameters): DecodedSwapCall | null {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,Regex: defence in depth — the strict decoder refuses the same inputs (ethers throws on anything but even-length 0x hex)
  if (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(data)) return null;
  const { uniswapV2, uniswapV3 } = chain.contracts;
  if (uniswapV2 !== null && sameAddress(uniswapV2.router02, to)) return v2(data);
  if (uniswapV3 !== null && sameAddress(uniswapV3.swapRouter, to)) {
    return v3(data, uniswapV3.swapRouterKind === 'SwapRouter');
  }
  return null;
}
