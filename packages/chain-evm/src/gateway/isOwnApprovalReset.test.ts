import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { isOwnApprovalReset } from './isOwnApprovalReset.js';
import type { OutstandingApproval } from './store/OutstandingApprovalStore.js';
import type { ExecutionIntent } from './types.js';

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address;
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F' as Address;
const SPENDER = '0x000000000000000000000000000000000000dEaD' as Address;
const OTHER = '0x000000000000000000000000000000000000bEEF' as Address;

const erc = new Interface([
  'function approve(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transfer(address to, uint256 amount)',
]);
const approve = (spender: string, amount: bigint) =>
  erc.encodeFunctionData('approve', [spender, amount]) as `0x${string}`;

const row = (o: Partial<OutstandingApproval> = {}): OutstandingApproval => ({
  id: 'ap',
  chainId: 1,
  owner: WALLET,
  token: USDC,
  spender: SPENDER,
  amount: 100n,
  actionExecutionId: 'bridge',
  status: 'outstanding',
  attempts: 0,
  resetExecutionId: null,
  lastError: null,
  createdAt: 0,
  updatedAt: 0,
  version: 0,
  ...o,
});
const reset = (o: Partial<ExecutionIntent> = {}): ExecutionIntent => ({
  chainId: 1,
  action: 'revoke',
  to: USDC,
  data: approve(SPENDER, 0n),
  value: 0n,
  spender: SPENDER,
  spends: [],
  acquires: [],
  description: 'reset',
  ...o,
});
const own = (intent: ExecutionIntent, r: OutstandingApproval | null = row(), wallet: string = WALLET) =>
  isOwnApprovalReset({ intent, row: r, wallet });

describe('isOwnApprovalReset: the one kill-switch exemption besides the cancel', () => {
  it('is exactly approve(row.spender, 0) on the row token, chain and wallet, of a row still outstanding', () => {
    expect(own(reset())).toBe(true);
    expect(own(reset({ to: USDC.toLowerCase() as Address }), row(), WALLET.toLowerCase())).toBe(true);
  });

  it('is not for a row that is missing, already reset, or another wallet’s', () => {
    expect(own(reset(), null)).toBe(false);
    expect(own(reset(), row({ status: 'reset' }))).toBe(false);
    expect(own(reset(), row({ owner: OTHER }))).toBe(false);
    expect(own(reset(), row(), OTHER)).toBe(false);
  });

  it('is not for any calldata but approve(spender, 0): a non-zero amount, another spender, another function', () => {
    expect(own(reset({ data: approve(SPENDER, 1n) }))).toBe(false);
    expect(own(reset({ data: approve(OTHER, 0n) }))).toBe(false);
    expect(
      own(reset({ data: erc.encodeFunctionData('setApprovalForAll', [SPENDER, false]) as `0x${string}` })),
    ).toBe(false);
    expect(own(reset({ data: erc.encodeFunctionData('transfer', [SPENDER, 0n]) as `0x${string}` }))).toBe(
      false,
    );
    expect(own(reset({ data: `${approve(SPENDER, 0n)}00` }))).toBe(false);
  });

  it('is not for another action, chain, token, a native value, spends, acquisitions, or an approval or bridge of its own', () => {
    expect(own(reset({ action: 'approve' }))).toBe(false);
    expect(own(reset({ action: 'swap' }))).toBe(false);
    expect(own(reset({ chainId: 10 }))).toBe(false);
    expect(own(reset({ to: DAI }))).toBe(false);
    expect(own(reset({ value: 1n }))).toBe(false);
    expect(own(reset({ spends: [{ token: USDC, amount: 0n }] }))).toBe(false);
    expect(own(reset({ acquires: [{ token: DAI, amount: 1n }] }))).toBe(false);
    expect(own(reset({ prerequisiteApproval: { token: USDC, spender: SPENDER, amount: 1n } }))).toBe(false);
    expect(own(reset({ bridge: { toChainId: 10, toToken: USDC } }))).toBe(false);
  });
});
