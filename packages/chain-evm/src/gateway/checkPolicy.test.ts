import fc from 'fast-check';
import { Interface } from 'ethers';
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

const erc = new Interface([
  'function approve(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transfer(address to, uint256 amount)',
]);
const approveData = (spender: string, amount: bigint) =>
  erc.encodeFunctionData('approve', [spender, amount]) as `0x${string}`;
const operatorData = (operator: string, approved: boolean) =>
  erc.encodeFunctionData('setApprovalForAll', [operator, approved]) as `0x${string}`;

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
      intent({
        action: 'approve',
        to: USDC,
        spender: V2,
        data: approveData(V2, 5n),
        spends: [{ token: USDC, amount: 5n }],
        ...o,
      });
    expect(checkPolicy({ chain: ethereum, intent: approve({}) })).toBeNull();
    expect(checkPolicy({ chain: ethereum, intent: approve({ spender: STRANGER }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ chain: ethereum, intent: approve({ spender: undefined as never }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ chain: ethereum, intent: approve({ to: WETH }) })?.code).toBe('TARGET_NOT_ALLOWED');
    expect(checkPolicy({ chain: ethereum, intent: approve({ value: 1n }) })?.code).toBe('INTENT_INVALID');
    // The calldata must approve the allowlisted spender the intent names, and be nothing but that call.
    expect(checkPolicy({ chain: ethereum, intent: approve({ data: approveData(STRANGER, 5n) }) })?.code).toBe(
      'INTENT_INVALID',
    );
    expect(checkPolicy({ chain: ethereum, intent: approve({ data: '0x' }) })?.code).toBe('INTENT_INVALID');
    expect(
      checkPolicy({ chain: ethereum, intent: approve({ data: `${approveData(V2, 5n)}00` }) })?.code,
    ).toBe('INTENT_INVALID');
    expect(
      checkPolicy({
        chain: ethereum,
        intent: approve({ data: erc.encodeFunctionData('transfer', [V2, 5n]) as `0x${string}` }),
      })?.code,
    ).toBe('INTENT_INVALID');
  });

  describe('revokes', () => {
    const revoke = (o: Partial<ExecutionIntent>) =>
      intent({ action: 'revoke', to: USDC, spender: STRANGER, data: approveData(STRANGER, 0n), ...o });

    it('may call any token for any spender (an unknown one included): approve(spender, 0) and setApprovalForAll(op, false)', () => {
      expect(checkPolicy({ chain: ethereum, intent: revoke({}) })).toBeNull();
      expect(
        checkPolicy({
          chain: ethereum,
          intent: revoke({ to: WETH, spender: V3, data: approveData(V3, 0n) }),
        }),
      ).toBeNull();
      expect(
        checkPolicy({ chain: ethereum, intent: revoke({ data: operatorData(STRANGER, false) }) }),
      ).toBeNull();
      // A zero spend is allowed (it prices to 0); the address may come in any case.
      expect(
        checkPolicy({
          chain: ethereum,
          intent: revoke({
            spender: STRANGER.toLowerCase() as `0x${string}`,
            spends: [{ token: USDC, amount: 0n }],
          }),
        }),
      ).toBeNull();
    });

    it('a "revoke" whose calldata grants anything, names another spender or carries value is refused', () => {
      const refused = (o: Partial<ExecutionIntent>) =>
        checkPolicy({ chain: ethereum, intent: revoke(o) })?.code;
      expect(refused({ data: approveData(STRANGER, 1n) })).toBe('INTENT_INVALID');
      expect(refused({ data: approveData(STRANGER, (1n << 256n) - 1n) })).toBe('INTENT_INVALID');
      expect(refused({ data: operatorData(STRANGER, true) })).toBe('INTENT_INVALID');
      expect(refused({ data: approveData(V2, 0n) })).toBe('INTENT_INVALID');
      expect(refused({ data: operatorData(V2, false) })).toBe('INTENT_INVALID');
      expect(refused({ spender: undefined as never })).toBe('INTENT_INVALID');
      expect(refused({ value: 1n })).toBe('INTENT_INVALID');
      expect(refused({ spends: [{ token: USDC, amount: 1n }] })).toBe('INTENT_INVALID');
      expect(refused({ acquires: [{ token: USDC, amount: 0n }] })).toBe('INTENT_INVALID');
      expect(refused({ data: `${approveData(STRANGER, 0n)}00` })).toBe('INTENT_INVALID');
      expect(refused({ data: '0x' })).toBe('INTENT_INVALID');
      // A bool word that is neither 0 nor 1 is not a bool.
      expect(refused({ data: `${operatorData(STRANGER, false).slice(0, -1)}2` as `0x${string}` })).toBe(
        'INTENT_INVALID',
      );
      // An address word with dirty high bytes is not an address.
      const dirty = approveData(STRANGER, 0n).replace(/^(0x.{8})00/, '$1ff') as `0x${string}`;
      expect(refused({ data: dirty })).toBe('INTENT_INVALID');
    });

    it('property: whatever the calldata, a revoke passes only if it is exactly a zero approve or a false setApprovalForAll of the spender', () => {
      const address = fc
        .uint8Array({ minLength: 20, maxLength: 20 })
        .map((b) => `0x${Buffer.from(b).toString('hex')}` as `0x${string}`);
      fc.assert(
        fc.property(
          address,
          address,
          fc.boolean(),
          fc.oneof(
            fc
              .bigInt({ min: 0n, max: (1n << 256n) - 1n })
              .map((amount) => ({ fn: 'approve' as const, amount })),
            fc.constant({ fn: 'approve' as const, amount: 0n }),
            fc.boolean().map((approved) => ({ fn: 'setApprovalForAll' as const, approved })),
          ),
          (spender, other, sameSpender, call) => {
            const named = sameSpender ? spender : other;
            const data =
              call.fn === 'approve' ? approveData(named, call.amount) : operatorData(named, call.approved);
            const allowed = checkPolicy({ chain: ethereum, intent: revoke({ spender, data }) }) === null;
            const grantsNothing = call.fn === 'approve' ? call.amount === 0n : !call.approved;
            expect(allowed).toBe(grantsNothing && named.toLowerCase() === spender.toLowerCase());
          },
        ),
      );
    });
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
