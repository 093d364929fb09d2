import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import type { ActionModule, ActionTable } from './ActionModule.js';
import { defaultActionModules } from './defaultActionModules.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { checkPolicy } from '../checkPolicy.js';
import type { ExecutionIntent } from '../types.js';

const ethereum = resolveChain({ chain: 1 });
const V2 = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const V3 = '0xE592427A0AEce92De3Edee1F18E0157C05861564';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const STRANGER = '0x000000000000000000000000000000000000dEaD';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const erc = new Interface([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
]);
const approveData = (spender: string, amount: bigint) =>
  erc.encodeFunctionData('approve', [spender, amount]) as `0x${string}`;

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

describe('approveAction (through checkPolicy and the default table)', () => {
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
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({}) })).toBeNull();
    expect(
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({ spender: STRANGER }) })?.code,
    ).toBe('TARGET_NOT_ALLOWED');
    expect(
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({ spender: undefined as never }) })
        ?.code,
    ).toBe('TARGET_NOT_ALLOWED');
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({ to: WETH }) })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({ value: 1n }) })?.code).toBe(
      'INTENT_INVALID',
    );
    // The calldata must approve the allowlisted spender the intent names, and be nothing but that call.
    expect(
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({ data: approveData(STRANGER, 5n) }) })
        ?.code,
    ).toBe('INTENT_INVALID');
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({ data: '0x' }) })?.code).toBe(
      'INTENT_INVALID',
    );
    expect(
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve({ data: `${approveData(V2, 5n)}00` }) })
        ?.code,
    ).toBe('INTENT_INVALID');
    expect(
      checkPolicy({
        chain: ethereum,
        wallet: WALLET,
        intent: approve({ data: erc.encodeFunctionData('transfer', [V2, 5n]) as `0x${string}` }),
      })?.code,
    ).toBe('INTENT_INVALID');
  });

  it('a spender is approvable exactly when some module of the table lists it for the chain', () => {
    const VAULT: Address = '0x000000000000000000000000000000000000fa17';
    const approveTo = (spender: Address) =>
      intent({
        action: 'approve',
        to: USDC,
        spender,
        data: approveData(spender, 5n),
        spends: [{ token: USDC, amount: 0n }],
      });
    const deposit: ActionModule = {
      action: 'deposit',
      spenders: (chain) => (chain.id === 1 ? [VAULT] : []),
      check: () => null,
    };
    const withVault = [...defaultActionModules, deposit];
    const check = (spender: Address, actions?: ActionTable, chain = ethereum) =>
      checkPolicy({
        chain,
        wallet: WALLET,
        intent: { ...approveTo(spender), chainId: chain.id },
        ...(actions ? { actions } : {}),
      })?.code ?? null;

    // The default table: the routers (listed by swap and dca-fill), nothing else.
    expect(check(V2)).toBeNull();
    expect(check(V3)).toBeNull();
    expect(check(VAULT)).toBe('TARGET_NOT_ALLOWED');
    // A deposit module that lists the vault makes an exact approval to it possible — the approve module unchanged.
    expect(check(VAULT, withVault)).toBeNull();
    expect(check(V2, withVault)).toBeNull();
    // Listed for chain 1 only.
    const sepolia = resolveChain({ chain: 'sepolia' });
    expect(check(VAULT, withVault, sepolia)).toBe('TARGET_NOT_ALLOWED');
    // Without a swap module nobody lists the routers: no approval to them.
    const noSwaps = defaultActionModules.filter((m) => m.action !== 'swap' && m.action !== 'dca-fill');
    expect(check(V2, noSwaps)).toBe('TARGET_NOT_ALLOWED');
    // Only the swap-like modules list spenders in the default table.
    for (const m of defaultActionModules) {
      expect(m.spenders(ethereum).length > 0).toBe(m.action === 'swap' || m.action === 'dca-fill');
    }
  });

  it('an approval that declares no spend of the token it calls is refused', () => {
    const approve = intent({
      action: 'approve',
      to: USDC,
      spender: V2,
      data: approveData(V2, 5n),
      spends: [],
    });
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: approve })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
  });
});
