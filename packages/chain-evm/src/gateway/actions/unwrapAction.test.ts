import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { checkPolicy } from '../checkPolicy.js';
import type { ExecutionIntent, Hex } from '../types.js';
import { defaultActionModules } from './defaultActionModules.js';
import { unwrapAction } from './unwrapAction.js';

const ethereum = resolveChain({ chain: 1 });
const WETH = ethereum.contracts.wrappedNative as Address;
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ATTACKER: Address = '0x000000000000000000000000000000000000dEaD';
const AMOUNT = 5n * 10n ** 17n;
const weth = new Interface([
  'function withdraw(uint256 wad)',
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
]);
const withdraw = (amount: bigint) => weth.encodeFunctionData('withdraw', [amount]) as Hex;

const unwrap = (o: Partial<ExecutionIntent> = {}): ExecutionIntent => ({
  chainId: 1,
  action: 'unwrap',
  to: WETH,
  data: withdraw(AMOUNT),
  value: 0n,
  spends: [{ token: WETH, amount: AMOUNT }],
  acquires: [],
  description: 'unwrap 0.5 WETH',
  ...o,
});
const check = (intent: ExecutionIntent) =>
  unwrapAction.check({ intent, chain: ethereum, wallet: WALLET, actions: defaultActionModules })?.code ??
  null;

describe('unwrapAction', () => {
  it('exactly withdraw(amount) on the wrapped native token, spending that amount of it, passes', () => {
    expect(check(unwrap())).toBeNull();
    expect(checkPolicy({ intent: unwrap(), chain: ethereum, wallet: WALLET })).toBeNull();
  });

  it('the review’s case: {action: unwrap, to: WETH, data: transfer(attacker, balance), spends: []} is refused', () => {
    const attack = unwrap({
      data: weth.encodeFunctionData('transfer', [ATTACKER, AMOUNT]) as Hex,
      spends: [],
    });
    expect(check(attack)).toBe('INTENT_INVALID');
    expect(checkPolicy({ intent: attack, chain: ethereum, wallet: WALLET })?.code).toBe('INTENT_INVALID');
  });

  it.each<[string, Partial<ExecutionIntent>, string]>([
    [
      'another target (an ERC-20)',
      { to: USDC, spends: [{ token: USDC, amount: AMOUNT }] },
      'TARGET_NOT_ALLOWED',
    ],
    [
      'transfer(attacker) while declaring the spend',
      { data: weth.encodeFunctionData('transfer', [ATTACKER, AMOUNT]) as Hex },
      'INTENT_INVALID',
    ],
    [
      'approve(attacker) called an unwrap',
      { data: weth.encodeFunctionData('approve', [ATTACKER, AMOUNT]) as Hex },
      'INTENT_INVALID',
    ],
    ['deposit() called an unwrap', { data: '0xd0e30db0' }, 'INTENT_INVALID'],
    ['trailing bytes', { data: `${withdraw(AMOUNT)}00` as Hex }, 'INTENT_INVALID'],
    ['truncated word', { data: withdraw(AMOUNT).slice(0, -2) as Hex }, 'INTENT_INVALID'],
    ['amount ≠ the spend (withdraws more than priced)', { data: withdraw(AMOUNT * 10n) }, 'INTENT_INVALID'],
    ['nothing spent declared', { spends: [] }, 'INTENT_INVALID'],
    ['spend of another token', { spends: [{ token: USDC, amount: AMOUNT }] }, 'INTENT_INVALID'],
    [
      'two spends',
      {
        spends: [
          { token: WETH, amount: AMOUNT },
          { token: USDC, amount: 1n },
        ],
      },
      'INTENT_INVALID',
    ],
    ['native value sent', { value: 1n }, 'INTENT_INVALID'],
    ['declares an ERC-20 acquired', { acquires: [{ token: USDC, amount: 1n }] }, 'INTENT_INVALID'],
  ])('%s (refused)', (_name, change, code) => {
    expect(check(unwrap(change))).toBe(code);
    expect(checkPolicy({ intent: unwrap(change), chain: ethereum, wallet: WALLET })?.code).toBe(code);
  });

  it('the calldata is exactly withdraw(amount): no byte before or after, even with spends that match what a loose parse would read', () => {
    const trailing = `${withdraw(1n)}00` as Hex; // a loose parse reads 0x…0100 = 256
    expect(check(unwrap({ data: trailing, spends: [{ token: WETH, amount: 256n }] }))).toBe('INTENT_INVALID');
    const leading = `ab${withdraw(1n)}` as Hex; // a loose parse reads from the 10th character on
    const loose = BigInt(`0x${leading.slice(10)}`);
    expect(check(unwrap({ data: leading, spends: [{ token: WETH, amount: loose }] }))).toBe('INTENT_INVALID');
  });

  it('calldata that is not a string is refused, not a crash', () => {
    expect(check(unwrap({ data: 42 as unknown as Hex }))).toBe('INTENT_INVALID');
  });
});
