import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { checkPolicy } from '../checkPolicy.js';
import type { ExecutionIntent, Hex } from '../types.js';
import { defaultActionModules } from './defaultActionModules.js';
import { wrapAction } from './wrapAction.js';

const ethereum = resolveChain({ chain: 1 });
const WETH = ethereum.contracts.wrappedNative as Address;
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const VALUE = 10n ** 17n;

const wrap = (o: Partial<ExecutionIntent> = {}): ExecutionIntent => ({
  chainId: 1,
  action: 'wrap',
  to: WETH,
  data: '0xd0e30db0',
  value: VALUE,
  spends: [],
  acquires: [],
  description: 'wrap 0.1 ETH',
  ...o,
});
const check = (intent: ExecutionIntent) =>
  wrapAction.check({ intent, chain: ethereum, wallet: WALLET, actions: defaultActionModules })?.code ?? null;

describe('wrapAction', () => {
  it('exactly deposit() on the wrapped native token with a positive value, nothing ERC-20 declared, passes (any case)', () => {
    expect(check(wrap())).toBeNull();
    expect(check(wrap({ to: WETH.toLowerCase() as Address, data: '0xD0E30DB0' }))).toBeNull();
    expect(checkPolicy({ intent: wrap(), chain: ethereum, wallet: WALLET })).toBeNull();
  });

  it.each<[string, Partial<ExecutionIntent>, string]>([
    ['another target (an ERC-20)', { to: USDC }, 'TARGET_NOT_ALLOWED'],
    [
      'wrong selector (withdraw)',
      { data: `0x2e1a7d4d${VALUE.toString(16).padStart(64, '0')}` as Hex },
      'INTENT_INVALID',
    ],
    ['trailing bytes after deposit()', { data: '0xd0e30db000' }, 'INTENT_INVALID'],
    [
      'empty calldata (the fallback also deposits, but is not what we build)',
      { data: '0x' },
      'INTENT_INVALID',
    ],
    ['no native value', { value: 0n }, 'INTENT_INVALID'],
    [
      'declares the wrapped native acquired (the safety gate has nothing to say about it)',
      { acquires: [{ token: WETH, amount: VALUE }] },
      'INTENT_INVALID',
    ],
    ['declares another token acquired', { acquires: [{ token: USDC, amount: VALUE }] }, 'INTENT_INVALID'],
    [
      'declares a WETH spend (a wrap spends native value)',
      { spends: [{ token: WETH, amount: VALUE }] },
      'INTENT_INVALID',
    ],
    ['declares an ERC-20 spend', { spends: [{ token: USDC, amount: 1n }] }, 'INTENT_INVALID'],
  ])('%s (refused)', (_name, change, code) => {
    expect(check(wrap(change))).toBe(code);
    expect(checkPolicy({ intent: wrap(change), chain: ethereum, wallet: WALLET })?.code).toBe(code);
  });

  it('a chain without a wrapped native token allows no wrap', () => {
    const bare = { ...ethereum, contracts: { ...ethereum.contracts, wrappedNative: null } };
    expect(wrapAction.check({ intent: wrap(), chain: bare, wallet: WALLET, actions: [] })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });

  it('calldata that is not a string is refused, not a crash', () => {
    expect(check(wrap({ data: 42 as unknown as `0x${string}` }))).toBe('INTENT_INVALID');
  });
});
