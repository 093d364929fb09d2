import fc from 'fast-check';
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
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
  'function setApprovalForAll(address operator, bool approved)',
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

describe('revokeAction (through checkPolicy and the default table)', () => {
  const revoke = (o: Partial<ExecutionIntent>) =>
    intent({ action: 'revoke', to: USDC, spender: STRANGER, data: approveData(STRANGER, 0n), ...o });

  it('may call any token for any spender (an unknown one included): approve(spender, 0) and setApprovalForAll(op, false)', () => {
    expect(checkPolicy({ chain: ethereum, wallet: WALLET, intent: revoke({}) })).toBeNull();
    expect(
      checkPolicy({
        chain: ethereum,
        wallet: WALLET,
        intent: revoke({ to: WETH, spender: V3, data: approveData(V3, 0n) }),
      }),
    ).toBeNull();
    expect(
      checkPolicy({
        chain: ethereum,
        wallet: WALLET,
        intent: revoke({ data: operatorData(STRANGER, false) }),
      }),
    ).toBeNull();
    // A zero spend is allowed (it prices to 0); the address may come in any case.
    expect(
      checkPolicy({
        chain: ethereum,
        wallet: WALLET,
        intent: revoke({
          spender: STRANGER.toLowerCase() as `0x${string}`,
          spends: [{ token: USDC, amount: 0n }],
        }),
      }),
    ).toBeNull();
  });

  it('a "revoke" whose calldata grants anything, names another spender or carries value is refused', () => {
    const refused = (o: Partial<ExecutionIntent>) =>
      checkPolicy({ chain: ethereum, wallet: WALLET, intent: revoke(o) })?.code;
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
          const allowed =
            checkPolicy({ chain: ethereum, wallet: WALLET, intent: revoke({ spender, data }) }) === null;
          const grantsNothing = call.fn === 'approve' ? call.amount === 0n : !call.approved;
          expect(allowed).toBe(grantsNothing && named.toLowerCase() === spender.toLowerCase());
        },
      ),
    );
  });
});
