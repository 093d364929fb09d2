import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { chains } from '../chains/chains.js';
import { configureChains } from '../chains/configureChains.js';
import { resolveChain } from '../chains/resolveChain.js';
import { buildV2SwapTransaction } from '../swap/buildV2SwapTransaction.js';
import type { ActionModule } from './actions/ActionModule.js';
import { defaultActionModules } from './actions/defaultActionModules.js';
import { checkPolicy } from './checkPolicy.js';
import type { ExecutionAction, ExecutionIntent } from './types.js';

// The common checks and the table lookup. Each action's own rules are tested next to its module (actions/*.test.ts).

const ethereum = resolveChain({ chain: 1 });
const WETH = ethereum.contracts.wrappedNative as Address;
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const STRANGER: Address = '0x000000000000000000000000000000000000dEaD';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** An honest V2 ETH → USDC swap on `chain` for WALLET. */
function swap(chain = ethereum, o: Partial<ExecutionIntent> = {}): ExecutionIntent {
  const tx = buildV2SwapTransaction({
    chain,
    path: [chain.contracts.wrappedNative as string, USDC],
    amountIn: 1000n,
    amountOutMin: 9n,
    recipient: WALLET,
    deadline: 1_900_000_000n,
    nativeIn: true,
  });
  return {
    chainId: chain.id,
    action: 'swap',
    to: tx.to,
    data: tx.data,
    value: tx.value,
    spends: [],
    acquires: [{ token: USDC, amount: 9n }],
    description: 'swap',
    ...o,
  };
}

describe('checkPolicy', () => {
  it('looks the action up in the default table: an honest swap passes, the same swap for another wallet does not', () => {
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: swap() })).toBeNull();
    expect(checkPolicy({ chain: ethereum, wallet: STRANGER, intent: swap() })?.code).toBe('INTENT_INVALID');
  });

  it('refuses negative or non-bigint amounts and an intent for another chain before any module runs', () => {
    const refused = (o: Partial<ExecutionIntent>) =>
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: swap(ethereum, o) })?.code;
    expect(refused({ value: -1n })).toBe('INTENT_INVALID');
    expect(refused({ value: 1000 as never })).toBe('INTENT_INVALID');
    expect(refused({ acquires: [{ token: USDC, amount: -5n }] })).toBe('INTENT_INVALID');
    expect(refused({ spends: [{ token: USDC, amount: 5 as never }] })).toBe('INTENT_INVALID');
    // A number where a bigint belongs, equal in value to what the calldata says: refused here, whatever a module compares.
    expect(refused({ acquires: [{ token: USDC, amount: 9 as never }] })).toBe('INTENT_INVALID');
    expect(refused({ chainId: 8453 })).toBe('TARGET_NOT_ALLOWED');
  });

  it('an action without a module is refused: unknown ones, and deposit/bridge until a module is registered', () => {
    for (const action of ['transfer', 'deposit', 'bridge'] as ExecutionAction[]) {
      const r = checkPolicy({ chain: ethereum, wallet: WALLET, intent: swap(ethereum, { action }) });
      expect(r?.code).toBe('TARGET_NOT_ALLOWED');
      expect(r?.reason).toMatch(/no module/);
    }
    // An empty table allows nothing, not even an honest swap.
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: swap(), actions: [] })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });

  it('a registered module decides for its action, with the intent, chain, wallet and table it is given', () => {
    const seen: unknown[] = [];
    const deposit: ActionModule = {
      action: 'deposit',
      spenders: () => [],
      check: (p) => {
        seen.push(p);
        return p.intent.to === STRANGER ? null : { code: 'TARGET_NOT_ALLOWED', reason: 'not the vault' };
      },
    };
    const actions = [...defaultActionModules, deposit];
    const intent = swap(ethereum, { action: 'deposit', to: STRANGER });
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent, actions })).toBeNull();
    expect(seen).toEqual([{ intent, chain: ethereum, wallet: WALLET, actions }]);
    expect(
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: { ...intent, to: USDC }, actions })?.code,
    ).toBe('TARGET_NOT_ALLOWED');
    // The common checks run first: the module never sees a negative value.
    expect(
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: { ...intent, value: -1n }, actions })?.code,
    ).toBe('INTENT_INVALID');
    expect(seen).toHaveLength(2);
  });

  it('two modules for one action: neither is trusted', () => {
    const lenient: ActionModule = { action: 'swap', spenders: () => [], check: () => null };
    const r = checkPolicy({
      chain: ethereum,
      wallet: WALLET,
      intent: swap(ethereum, { to: STRANGER }),
      actions: [...defaultActionModules, lenient],
    });
    expect(r?.code).toBe('TARGET_NOT_ALLOWED');
    expect(r?.reason).toMatch(/2 modules/);
  });

  it('a chain without configured routers allows no swap at all', () => {
    const sepolia = resolveChain({ chain: 'sepolia' });
    const intent = { ...swap(), chainId: sepolia.id };
    expect(checkPolicy({ chain: sepolia, wallet: WALLET, intent })?.code).toBe('TARGET_NOT_ALLOWED');
  });

  it('follows operator-configured routers (the devnet’s)', () => {
    const registry = configureChains({
      overrides: new Map([
        [31337, { wrappedNative: WETH, uniswapV2: { router02: STRANGER, factory: STRANGER } }],
      ]),
      registry: chains,
    });
    const devnet = resolveChain({ chain: 31337, registry });
    const intent = swap(devnet);
    expect(intent.to).toBe(STRANGER);
    expect(checkPolicy({ chain: devnet, wallet: WALLET, intent })).toBeNull();
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: { ...intent, chainId: 1 } })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });
});
