import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { checkPrerequisiteApproval } from './checkPrerequisiteApproval.js';
import type { ExecutionIntent } from './types.js';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Address;
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F' as Address;
const VAULT = '0x000000000000000000000000000000000000dEaD' as Address;

const deposit = (o: Partial<ExecutionIntent> = {}): ExecutionIntent => ({
  chainId: 1,
  action: 'deposit',
  to: VAULT,
  data: '0x',
  value: 0n,
  spends: [{ token: USDC, amount: 100n }],
  acquires: [],
  description: 'deposit',
  prerequisiteApproval: { token: USDC, spender: VAULT, amount: 100n },
  ...o,
});
const code = (intent: ExecutionIntent) => checkPrerequisiteApproval({ intent })?.code ?? null;

describe('checkPrerequisiteApproval', () => {
  it('passes an intent without one, and one approving exactly what the action spends of a token it spends', () => {
    const { prerequisiteApproval: _, ...plain } = deposit();
    expect(code(plain)).toBeNull();
    expect(code(deposit())).toBeNull();
    // Case of the address does not matter.
    expect(
      code(
        deposit({
          prerequisiteApproval: { token: USDC.toLowerCase() as Address, spender: VAULT, amount: 100n },
        }),
      ),
    ).toBeNull();
    expect(code(deposit({ action: 'bridge' }))).toBeNull();
  });

  it('refuses an approval above or below the spend (never more than the action needs, nor a partial one)', () => {
    expect(code(deposit({ prerequisiteApproval: { token: USDC, spender: VAULT, amount: 101n } }))).toBe(
      'PREREQUISITE_APPROVAL_INVALID',
    );
    expect(code(deposit({ prerequisiteApproval: { token: USDC, spender: VAULT, amount: 99n } }))).toBe(
      'PREREQUISITE_APPROVAL_INVALID',
    );
  });

  it('refuses a zero approval, a token the action does not spend, or one it lists twice', () => {
    expect(
      code(
        deposit({
          spends: [{ token: USDC, amount: 0n }],
          prerequisiteApproval: { token: USDC, spender: VAULT, amount: 0n },
        }),
      ),
    ).toBe('PREREQUISITE_APPROVAL_INVALID');
    expect(code(deposit({ prerequisiteApproval: { token: DAI, spender: VAULT, amount: 100n } }))).toBe(
      'PREREQUISITE_APPROVAL_INVALID',
    );
    expect(
      code(
        deposit({
          spends: [
            { token: USDC, amount: 100n },
            { token: USDC, amount: 100n },
          ],
        }),
      ),
    ).toBe('PREREQUISITE_APPROVAL_INVALID');
  });

  it('refuses one on an approval or a revoke (they need none)', () => {
    expect(code(deposit({ action: 'approve' }))).toBe('PREREQUISITE_APPROVAL_INVALID');
    expect(code(deposit({ action: 'revoke' }))).toBe('PREREQUISITE_APPROVAL_INVALID');
  });
});
