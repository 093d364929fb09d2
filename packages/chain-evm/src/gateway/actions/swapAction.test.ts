import fc from 'fast-check';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address, ChainInfo } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { buildSwapExactOutput } from '../../swap/buildSwapExactOutput.js';
import { buildV2SwapTransaction } from '../../swap/buildV2SwapTransaction.js';
import { buildV3SwapTransaction } from '../../swap/buildV3SwapTransaction.js';
import { encodeV3Path } from '../../swap/encodeV3Path.js';
import { swapRouter02Interface, swapRouterInterface, v2RouterInterface } from '../../swap/swapInterfaces.js';
import type { SwapTransactionRequest } from '../../swap/types.js';
import { checkPolicy } from '../checkPolicy.js';
import type { ExecutionIntent, Hex } from '../types.js';
import { dcaFillAction } from './dcaFillAction.js';
import { defaultActionModules } from './defaultActionModules.js';
import { swapAction } from './swapAction.js';

// The swap module against calldata: everything the package's builders write passes with the intent it describes,
// and hand-built calldata that does something else than its intent says is refused with its code.

const mainnet = resolveChain({ chain: 1 }); // V2 Router02 + the original V3 SwapRouter
const base = resolveChain({ chain: 8453 }); // SwapRouter02 only
const V2 = mainnet.contracts.uniswapV2?.router02 as Address;
const V3 = mainnet.contracts.uniswapV3?.swapRouter as Address;
const V3_02 = base.contracts.uniswapV3?.swapRouter as Address;
const WETH = mainnet.contracts.wrappedNative as Address;
const BASE_WETH = base.contracts.wrappedNative as Address;
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const BASE_USDC: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ATTACKER: Address = '0x000000000000000000000000000000000000dEaD';
const DEADLINE = 1_900_000_000n;
const IN = 1_000_000n;
const MIN = 900n;

const check = (chain: ChainInfo, intent: ExecutionIntent) =>
  swapAction.check({ intent, chain, wallet: WALLET, actions: defaultActionModules });

/** The intent a swap transaction describes: ERC-20 in spent, ERC-20 out acquired at its minimum. */
function intentOf(
  tx: SwapTransactionRequest,
  chain: ChainInfo,
  io: { tokenIn: Address | 'native'; tokenOut: Address | 'native'; amountIn: bigint; min: bigint },
): ExecutionIntent {
  return {
    chainId: chain.id,
    action: 'swap',
    to: tx.to,
    data: tx.data,
    value: tx.value,
    spends: io.tokenIn === 'native' ? [] : [{ token: io.tokenIn, amount: io.amountIn }],
    acquires: io.tokenOut === 'native' ? [] : [{ token: io.tokenOut, amount: io.min }],
    description: 'test swap',
  };
}

describe('swapAction: every calldata the builders write passes with the intent it describes', () => {
  const common = { amountIn: IN, amountOutMin: MIN, recipient: WALLET, deadline: DEADLINE };
  const cases: [string, ChainInfo, SwapTransactionRequest, Address | 'native', Address | 'native', bigint][] =
    [];
  for (const feeOnTransfer of [false, true]) {
    const v2 = (o: object) =>
      buildV2SwapTransaction({ ...common, chain: mainnet, feeOnTransfer, ...o } as never);
    cases.push(
      [`V2 tokens→tokens fot=${feeOnTransfer}`, mainnet, v2({ path: [USDC, WETH, DAI] }), USDC, DAI, IN],
      [
        `V2 ETH→tokens fot=${feeOnTransfer}`,
        mainnet,
        v2({ path: [WETH, USDC], nativeIn: true }),
        'native',
        USDC,
        IN,
      ],
      [
        `V2 tokens→ETH fot=${feeOnTransfer}`,
        mainnet,
        v2({ path: [USDC, WETH], nativeOut: true }),
        USDC,
        'native',
        IN,
      ],
    );
  }
  for (const [chain, weth, usdc] of [
    [mainnet, WETH, USDC],
    [base, BASE_WETH, BASE_USDC],
  ] as const) {
    const v3 = (o: object) => buildV3SwapTransaction({ ...common, chain, ...o } as never);
    const kind = chain.contracts.uniswapV3?.swapRouterKind;
    cases.push(
      [`${kind} single`, chain, v3({ path: [usdc, weth], fees: [500] }), usdc, weth, IN],
      [`${kind} two hops`, chain, v3({ path: [usdc, weth, DAI], fees: [500, 3000] }), usdc, DAI, IN],
      [`${kind} ETH in`, chain, v3({ path: [weth, usdc], fees: [500], nativeIn: true }), 'native', usdc, IN],
      [
        `${kind} ETH out`,
        chain,
        v3({ path: [usdc, weth], fees: [500], nativeOut: true }),
        usdc,
        'native',
        IN,
      ],
      [
        `${kind} ETH out, two hops`,
        chain,
        v3({ path: [DAI, usdc, weth], fees: [100, 500], nativeOut: true }),
        DAI,
        'native',
        IN,
      ],
    );
    const out = (tokenIn: Address | 'native', tokenOut: Address | 'native') =>
      buildSwapExactOutput({
        chain,
        tokenIn,
        tokenOut,
        fee: 500,
        amountOut: MIN,
        amountInMaximum: IN,
        recipient: WALLET,
        deadline: DEADLINE,
      });
    cases.push(
      [`${kind} exact output`, chain, out(usdc, DAI), usdc, DAI, IN],
      [`${kind} exact output, ETH in`, chain, out('native', usdc), 'native', usdc, IN],
      [`${kind} exact output, ETH out`, chain, out(usdc, 'native'), usdc, 'native', IN],
    );
  }

  it.each(cases)('%s', (_name, chain, tx, tokenIn, tokenOut, amountIn) => {
    const intent = intentOf(tx, chain, { tokenIn, tokenOut, amountIn, min: MIN });
    expect(check(chain, intent)).toBeNull();
    // dca-fill is a swap under another name: the same rules, the same answer.
    expect(
      dcaFillAction.check({ intent: { ...intent, action: 'dca-fill' }, chain, wallet: WALLET, actions: [] }),
    ).toBeNull();
    expect(checkPolicy({ intent: { ...intent, action: 'dca-fill' }, chain, wallet: WALLET })).toBeNull();
    // The same calldata for another wallet is somebody else's swap.
    expect(swapAction.check({ intent, chain, wallet: ATTACKER, actions: [] })?.code).toBe('INTENT_INVALID');
  });
});

// Hand-built calldata. Each case is a change of one honest intent (checked allowed first).
const v2Data = (fn: string, args: unknown[]) => v2RouterInterface.encodeFunctionData(fn, args) as Hex;
const v3Single = (o: Record<string, unknown> = {}) =>
  swapRouterInterface.encodeFunctionData('exactInputSingle', [
    {
      tokenIn: USDC,
      tokenOut: DAI,
      fee: 500,
      recipient: WALLET,
      deadline: DEADLINE,
      amountIn: IN,
      amountOutMinimum: MIN,
      sqrtPriceLimitX96: 0n,
      ...o,
    },
  ]) as Hex;
const multicall = (steps: string[]) => swapRouterInterface.encodeFunctionData('multicall', [steps]) as Hex;
const refundETH = swapRouterInterface.encodeFunctionData('refundETH', []);
const unwrapWETH9 = (min: bigint, to: string) =>
  swapRouterInterface.encodeFunctionData('unwrapWETH9', [min, to]);
const erc20 = new Interface(['function transfer(address to, uint256 amount)']);

const honest = {
  /** V2: IN USDC → at least MIN DAI via WETH. */
  v2: (): ExecutionIntent => ({
    chainId: 1,
    action: 'swap',
    to: V2,
    data: v2Data('swapExactTokensForTokens', [IN, MIN, [USDC, WETH, DAI], WALLET, DEADLINE]),
    value: 0n,
    spends: [{ token: USDC, amount: IN }],
    acquires: [{ token: DAI, amount: MIN }],
    description: 'USDC → DAI',
  }),
  /** V2: IN wei of ETH → at least MIN USDC. */
  v2EthIn: (): ExecutionIntent => ({
    chainId: 1,
    action: 'swap',
    to: V2,
    data: v2Data('swapExactETHForTokens', [MIN, [WETH, USDC], WALLET, DEADLINE]),
    value: IN,
    spends: [],
    acquires: [{ token: USDC, amount: MIN }],
    description: 'ETH → USDC',
  }),
  /** V3 (original router): IN USDC → at least MIN DAI. */
  v3: (): ExecutionIntent => ({
    chainId: 1,
    action: 'swap',
    to: V3,
    data: v3Single(),
    value: 0n,
    spends: [{ token: USDC, amount: IN }],
    acquires: [{ token: DAI, amount: MIN }],
    description: 'USDC → DAI',
  }),
  /** V3: IN wei of ETH → at least MIN USDC, refundETH. */
  v3EthIn: (): ExecutionIntent => ({
    chainId: 1,
    action: 'swap',
    to: V3,
    data: multicall([v3Single({ tokenIn: WETH, tokenOut: USDC }), refundETH]),
    value: IN,
    spends: [],
    acquires: [{ token: USDC, amount: MIN }],
    description: 'ETH → USDC',
  }),
  /** V3: IN USDC → ETH, the router unwraps to the wallet. */
  v3EthOut: (): ExecutionIntent => ({
    chainId: 1,
    action: 'swap',
    to: V3,
    data: multicall([v3Single({ tokenOut: WETH, recipient: V3 }), unwrapWETH9(MIN, WALLET)]),
    value: 0n,
    spends: [{ token: USDC, amount: IN }],
    acquires: [],
    description: 'USDC → ETH',
  }),
};

describe('swapAction: hand-built calldata that is not what the intent says is refused', () => {
  it.each(Object.entries(honest))('the honest %s intent passes', (_name, make) => {
    expect(check(mainnet, make())).toBeNull();
  });

  const cases: [string, ExecutionIntent, string][] = [
    ['a target that is not a router (the token)', { ...honest.v2(), to: USDC }, 'TARGET_NOT_ALLOWED'],
    ['a router of another chain', { ...honest.v3(), to: V3_02 }, 'TARGET_NOT_ALLOWED'],
    [
      'V2 recipient ≠ wallet',
      {
        ...honest.v2(),
        data: v2Data('swapExactTokensForTokens', [IN, MIN, [USDC, WETH, DAI], ATTACKER, DEADLINE]),
      },
      'INTENT_INVALID',
    ],
    [
      'V2 ETH in, recipient ≠ wallet',
      { ...honest.v2EthIn(), data: v2Data('swapExactETHForTokens', [MIN, [WETH, USDC], ATTACKER, DEADLINE]) },
      'INTENT_INVALID',
    ],
    ['V3 recipient ≠ wallet', { ...honest.v3(), data: v3Single({ recipient: ATTACKER }) }, 'INTENT_INVALID'],
    [
      'V3 native out unwrapped to someone else',
      {
        ...honest.v3EthOut(),
        data: multicall([v3Single({ tokenOut: WETH, recipient: V3 }), unwrapWETH9(MIN, ATTACKER)]),
      },
      'INTENT_INVALID',
    ],
    [
      'V3 native out whose swap pays someone else (the router unwraps nothing for the wallet)',
      {
        ...honest.v3EthOut(),
        data: multicall([v3Single({ tokenOut: WETH, recipient: ATTACKER }), unwrapWETH9(0n, WALLET)]),
      },
      'INTENT_INVALID',
    ],
    [
      'path swapped (spends DAI, acquires USDC)',
      {
        ...honest.v2(),
        data: v2Data('swapExactTokensForTokens', [IN, MIN, [DAI, WETH, USDC], WALLET, DEADLINE]),
      },
      'INTENT_INVALID',
    ],
    [
      'V3 tokens swapped',
      { ...honest.v3(), data: v3Single({ tokenIn: DAI, tokenOut: USDC }) },
      'INTENT_INVALID',
    ],
    [
      'path ends at another token than the one acquired',
      { ...honest.v2(), data: v2Data('swapExactTokensForTokens', [IN, MIN, [USDC, WETH], WALLET, DEADLINE]) },
      'INTENT_INVALID',
    ],
    [
      'V3 exactInput path ends elsewhere',
      {
        ...honest.v3(),
        data: swapRouterInterface.encodeFunctionData('exactInput', [
          {
            path: encodeV3Path({ path: [USDC, WETH], fees: [500] }),
            recipient: WALLET,
            deadline: DEADLINE,
            amountIn: IN,
            amountOutMinimum: MIN,
          },
        ]) as Hex,
      },
      'INTENT_INVALID',
    ],
    [
      'amountIn ≠ the intent’s spend (more taken than priced)',
      {
        ...honest.v2(),
        data: v2Data('swapExactTokensForTokens', [IN * 100n, MIN, [USDC, WETH, DAI], WALLET, DEADLINE]),
      },
      'INTENT_INVALID',
    ],
    ['V3 amountIn ≠ the spend', { ...honest.v3(), data: v3Single({ amountIn: IN + 1n }) }, 'INTENT_INVALID'],
    [
      'spend declared lower than amountIn',
      { ...honest.v3(), spends: [{ token: USDC, amount: IN - 1n }] },
      'INTENT_INVALID',
    ],
    [
      'nothing spent declared (priced 0) for a token-in swap',
      { ...honest.v2(), spends: [] },
      'INTENT_INVALID',
    ],
    [
      'a second spend declared',
      {
        ...honest.v2(),
        spends: [
          { token: USDC, amount: IN },
          { token: DAI, amount: 1n },
        ],
      },
      'INTENT_INVALID',
    ],
    [
      'amountOutMin lower than declared',
      {
        ...honest.v2(),
        data: v2Data('swapExactTokensForTokens', [IN, MIN - 1n, [USDC, WETH, DAI], WALLET, DEADLINE]),
      },
      'INTENT_INVALID',
    ],
    ['V3 amountOutMinimum 0', { ...honest.v3(), data: v3Single({ amountOutMinimum: 0n }) }, 'INTENT_INVALID'],
    [
      'nothing acquired declared (no safety check) for a token-out swap',
      { ...honest.v3(), acquires: [] },
      'INTENT_INVALID',
    ],
    [
      'native out declaring an ERC-20 acquired',
      { ...honest.v3EthOut(), acquires: [{ token: USDC, amount: 1n }] },
      'INTENT_INVALID',
    ],
    ['native value ≠ V3 amountIn', { ...honest.v3EthIn(), value: IN - 1n }, 'INTENT_INVALID'],
    ['native value on a token-in swap', { ...honest.v3(), value: 1n }, 'INTENT_INVALID'],
    ['V2 ETH in with no value', { ...honest.v2EthIn(), value: 0n }, 'INTENT_INVALID'],
    [
      'native in that also declares an ERC-20 spend',
      { ...honest.v2EthIn(), spends: [{ token: WETH, amount: IN }] },
      'INTENT_INVALID',
    ],
    [
      'V3 refundETH on a swap that does not start at WETH',
      { ...honest.v3EthIn(), data: multicall([v3Single(), refundETH]) },
      'INTENT_INVALID',
    ],
    [
      'wrong function selector (a view function of the router)',
      { ...honest.v2(), data: v2Data('getAmountsOut', [IN, [USDC, DAI]]) },
      'INTENT_INVALID',
    ],
    [
      'wrong function selector (an ERC-20 transfer to the router)',
      { ...honest.v2(), data: erc20.encodeFunctionData('transfer', [ATTACKER, IN]) as Hex },
      'INTENT_INVALID',
    ],
    ['trailing bytes (V2)', { ...honest.v2(), data: `${honest.v2().data}00` }, 'INTENT_INVALID'],
    [
      'trailing word (V3)',
      { ...honest.v3(), data: `${honest.v3().data}${'0'.repeat(64)}` },
      'INTENT_INVALID',
    ],
    ['truncated calldata', { ...honest.v3(), data: honest.v3().data.slice(0, -2) as Hex }, 'INTENT_INVALID'],
    [
      'dirty high bits in the uint24 fee word',
      {
        ...honest.v3(),
        data: `${honest.v3().data.slice(0, 10 + 64 * 2)}ff${honest.v3().data.slice(12 + 64 * 2)}` as Hex,
      },
      'INTENT_INVALID',
    ],
    ['empty calldata', { ...honest.v3(), data: '0x' }, 'INTENT_INVALID'],
    ['odd-length calldata', { ...honest.v3(), data: '0x1' as Hex }, 'INTENT_INVALID'],
    [
      'SwapRouter02 calldata sent to the original SwapRouter',
      {
        ...honest.v3(),
        data: swapRouter02Interface.encodeFunctionData('multicall(uint256,bytes[])', [
          DEADLINE,
          [
            swapRouter02Interface.encodeFunctionData('exactInputSingle', [
              {
                tokenIn: USDC,
                tokenOut: DAI,
                fee: 500,
                recipient: WALLET,
                amountIn: IN,
                amountOutMinimum: MIN,
                sqrtPriceLimitX96: 0n,
              },
            ]),
          ],
        ]) as Hex,
      },
      'INTENT_INVALID',
    ],
    [
      'a multicall with a second swap',
      { ...honest.v3(), data: multicall([v3Single(), v3Single()]) },
      'INTENT_INVALID',
    ],
    [
      'a multicall with three steps',
      {
        ...honest.v3EthIn(),
        data: multicall([v3Single({ tokenIn: WETH, tokenOut: USDC }), refundETH, refundETH]),
      },
      'INTENT_INVALID',
    ],
    ['a multicall of nothing', { ...honest.v3(), data: multicall([]) }, 'INTENT_INVALID'],
    [
      'a bare unwrapWETH9 (no swap)',
      { ...honest.v3EthOut(), data: unwrapWETH9(0n, WALLET) as Hex },
      'INTENT_INVALID',
    ],
    [
      'a V3 exactInput path that is not 20 + 23n bytes',
      {
        ...honest.v3(),
        data: swapRouterInterface.encodeFunctionData('exactInput', [
          {
            path: `${encodeV3Path({ path: [USDC, WETH, DAI], fees: [500, 500] })}00`,
            recipient: WALLET,
            deadline: DEADLINE,
            amountIn: IN,
            amountOutMinimum: MIN,
          },
        ]) as Hex,
      },
      'INTENT_INVALID',
    ],
  ];

  it.each(cases.map(([name, intent, code]) => [name, code, intent] as const))(
    '%s → %s',
    (_name, code, intent) => {
      expect(check(mainnet, intent)?.code).toBe(code);
      expect(checkPolicy({ intent, chain: mainnet, wallet: WALLET })?.code).toBe(code);
    },
  );

  it('property: a V2 token swap passes exactly when recipient, path ends, amount in and minimum out all match', () => {
    let allowedRuns = 0;
    fc.assert(
      fc.property(
        fc.record({
          recipient: fc.boolean(),
          first: fc.boolean(),
          last: fc.boolean(),
          spend: fc.boolean(),
          min: fc.boolean(),
        }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        (ok, amountIn, delta, declaredMin) => {
          const path = [ok.first ? USDC : DAI, WETH, ok.last ? DAI : USDC];
          const intent: ExecutionIntent = {
            ...honest.v2(),
            data: v2Data('swapExactTokensForTokens', [
              amountIn,
              ok.min ? declaredMin + delta + delta - 1n : declaredMin,
              path,
              ok.recipient ? WALLET : ATTACKER,
              DEADLINE,
            ]),
            spends: [{ token: USDC, amount: ok.spend ? amountIn : amountIn + delta }],
            acquires: [{ token: DAI, amount: declaredMin + delta }],
          };
          const allowed = ok.recipient && ok.first && ok.last && ok.spend && ok.min;
          if (allowed) allowedRuns++;
          expect(check(mainnet, intent) === null).toBe(allowed);
        },
      ),
      { numRuns: 600 },
    );
    expect(allowedRuns).toBeGreaterThan(0);
  });
});
