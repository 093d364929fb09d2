import { describe, expect, it } from 'vitest';
import { chains } from '../chains/chains.js';
import { configureChains } from '../chains/configureChains.js';
import { resolveChain } from '../chains/resolveChain.js';
import { checkPolicy } from './checkPolicy.js';
import type { ExecutionIntent } from './types.js';

const ethereum = resolveChain({ chain: 1 });
const V2 = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const V3 = '0xE592427A0AEce92De3Edee1F18E0157C05861564';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const STRANGER = '0x000000000000000000000000000000000000dEaD';

const intent = (o: Partial<ExecutionIntent>): ExecutionIntent => ({
  chainId: 1,
  action: 'swap',
  to: V2,
  data: '0x',
  value: 0n,
  spends: [],
  acquires: [],
  description: 'test',
  ...o,
});

describe('checkPolicy', () => {
  it('swaps may call the chain’s V2 and V3 routers (any case) and nothing else', () => {
    expect(checkPolicy({ chain: ethereum, intent: intent({ to: V2 }) })).toBeNull();
    expect(
      checkPolicy({ chain: ethereum, intent: intent({ to: V3.toLowerCase() as `0x${string}` }) }),
    ).toBeNull();
    expect(checkPolicy({ chain: ethereum, intent: intent({ to: STRANGER }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ chain: ethereum, intent: intent({ to: USDC }) })?.code).toBe('TARGET_NOT_ALLOWED');
  });

  it('a chain without configured routers allows no swap at all', () => {
    const sepolia = resolveChain({ chain: 'sepolia' });
    expect(checkPolicy({ chain: sepolia, intent: intent({ chainId: sepolia.id, to: V2 }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });

  it('approvals: only the token being spent, only for an allowlisted spender, never with native value', () => {
    const approve = (o: Partial<ExecutionIntent>) =>
      intent({ action: 'approve', to: USDC, spender: V2, spends: [{ token: USDC, amount: 5n }], ...o });
    expect(checkPolicy({ chain: ethereum, intent: approve({}) })).toBeNull();
    expect(checkPolicy({ chain: ethereum, intent: approve({ spender: STRANGER }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ chain: ethereum, intent: approve({ spender: undefined as never }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ chain: ethereum, intent: approve({ to: WETH }) })?.code).toBe('TARGET_NOT_ALLOWED');
    expect(checkPolicy({ chain: ethereum, intent: approve({ value: 1n }) })?.code).toBe('INTENT_INVALID');
  });

  it('wrap/unwrap may only call the wrapped native token', () => {
    expect(checkPolicy({ chain: ethereum, intent: intent({ action: 'wrap', to: WETH }) })).toBeNull();
    expect(checkPolicy({ chain: ethereum, intent: intent({ action: 'unwrap', to: USDC }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });

  it('refuses negative amounts, an unknown action and an intent for another chain', () => {
    expect(checkPolicy({ chain: ethereum, intent: intent({ value: -1n }) })?.code).toBe('INTENT_INVALID');
    expect(
      checkPolicy({ chain: ethereum, intent: intent({ spends: [{ token: USDC, amount: -5n }] }) })?.code,
    ).toBe('INTENT_INVALID');
    expect(checkPolicy({ chain: ethereum, intent: intent({ action: 'transfer' as never }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ chain: ethereum, intent: intent({ chainId: 8453 }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });

  it('follows operator-configured routers (the devnet’s)', () => {
    const registry = configureChains({
      overrides: new Map([[31337, { uniswapV2: { router02: STRANGER, factory: STRANGER } }]]),
      registry: chains,
    });
    const devnet = resolveChain({ chain: 31337, registry });
    expect(checkPolicy({ chain: devnet, intent: intent({ chainId: 31337, to: STRANGER }) })).toBeNull();
  });
});
