import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { buildApproveIntent } from '../../approvals/buildApproveIntent.js';
import type { Address } from '../../chains/chains.js';
import { resolveChain } from '../../chains/resolveChain.js';
import { checkPolicy } from '../checkPolicy.js';
import type { ExecutionIntent, Hex } from '../types.js';
import { createDepositAction } from './createDepositAction.js';
import { defaultActionModules } from './defaultActionModules.js';

const ethereum = resolveChain({ chain: 1 });
const base = resolveChain({ chain: 'base' });
const VAULT: Address = '0x1111111111111111111111111111111111111111';
const OTHER_VAULT: Address = '0x2222222222222222222222222222222222222222';
const UNLISTED: Address = '0x3333333333333333333333333333333333333333';
const USDC: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DAI: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const WALLET: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const STRANGER: Address = '0x000000000000000000000000000000000000dEaD';
const ASSETS = 25_000_000n;

// Encoded by ethers, not by the code under test.
const vaultAbi = new Interface([
  'function deposit(uint256 assets, address receiver)',
  'function mint(uint256 shares, address receiver)',
]);
const depositData = (assets: bigint, receiver: string) =>
  vaultAbi.encodeFunctionData('deposit', [assets, receiver]) as Hex;

const depositAction = createDepositAction({
  vaults: new Map([[1, [VAULT, OTHER_VAULT]]]),
  assetOf: ({ chainId, vault }) =>
    chainId === 1 && vault === VAULT ? USDC : chainId === 1 && vault === OTHER_VAULT ? DAI : null,
});
const actions = [...defaultActionModules, depositAction];

const deposit = (o: Partial<ExecutionIntent> = {}): ExecutionIntent => ({
  chainId: 1,
  action: 'deposit',
  to: VAULT,
  data: depositData(ASSETS, WALLET),
  value: 0n,
  spends: [{ token: USDC, amount: ASSETS }],
  acquires: [],
  description: 'deposit 25 USDC',
  ...o,
});
const check = (intent: ExecutionIntent) =>
  checkPolicy({ intent, chain: intent.chainId === 1 ? ethereum : base, wallet: WALLET, actions })?.code ??
  null;

describe('createDepositAction', () => {
  it('deposit(exactly the declared spend of the vault asset, the wallet) into a configured vault passes (any case)', () => {
    expect(check(deposit())).toBeNull();
    expect(check(deposit({ to: VAULT.toUpperCase().replace('0X', '0x') as Address }))).toBeNull();
    expect(check(deposit({ spends: [{ token: USDC.toLowerCase() as Address, amount: ASSETS }] }))).toBeNull();
    // G9: the vault's shares as the minimum received (checked on the simulated deposit).
    expect(check(deposit({ minimumReceived: [{ token: VAULT, amount: 990n }] }))).toBeNull();
    expect(check(deposit({ minimumReceived: [] }))).toBeNull();
    expect(
      check(
        deposit({
          to: OTHER_VAULT,
          data: depositData(10n ** 18n, WALLET),
          spends: [{ token: DAI, amount: 10n ** 18n }],
        }),
      ),
    ).toBeNull();
  });

  it.each<[string, Partial<ExecutionIntent>, string]>([
    ['shares minted to someone else', { data: depositData(ASSETS, STRANGER) }, 'INTENT_INVALID'],
    ['shares minted to the vault itself', { data: depositData(ASSETS, VAULT) }, 'INTENT_INVALID'],
    ['a vault that is not configured', { to: UNLISTED }, 'TARGET_NOT_ALLOWED'],
    ['the asset token itself as the target', { to: USDC }, 'TARGET_NOT_ALLOWED'],
    ['the other configured vault (whose asset is not the one spent)', { to: OTHER_VAULT }, 'INTENT_INVALID'],
    ['more assets than declared', { data: depositData(ASSETS + 1n, WALLET) }, 'INTENT_INVALID'],
    ['fewer assets than declared', { data: depositData(ASSETS - 1n, WALLET) }, 'INTENT_INVALID'],
    ['another token declared', { spends: [{ token: DAI, amount: ASSETS }] }, 'INTENT_INVALID'],
    ['nothing declared spent', { spends: [] }, 'INTENT_INVALID'],
    [
      'two spends',
      {
        spends: [
          { token: USDC, amount: ASSETS },
          { token: USDC, amount: 0n },
        ],
      },
      'INTENT_INVALID',
    ],
    [
      'a zero deposit',
      { data: depositData(0n, WALLET), spends: [{ token: USDC, amount: 0n }] },
      'INTENT_INVALID',
    ],
    ['trailing bytes', { data: `${depositData(ASSETS, WALLET)}00` as Hex }, 'INTENT_INVALID'],
    [
      'a dirty receiver word',
      {
        data: `${depositData(ASSETS, WALLET).slice(0, 74)}ff${depositData(ASSETS, WALLET).slice(76)}` as Hex,
      },
      'INTENT_INVALID',
    ],
    [
      'mint() instead of deposit()',
      { data: vaultAbi.encodeFunctionData('mint', [ASSETS, WALLET]) as Hex },
      'INTENT_INVALID',
    ],
    ['native value', { value: 1n }, 'INTENT_INVALID'],
    ['acquires declared', { acquires: [{ token: VAULT, amount: 1n }] }, 'INTENT_INVALID'],
    [
      'a minimum received of another token',
      { minimumReceived: [{ token: USDC, amount: 1n }] },
      'INTENT_INVALID',
    ],
    [
      'a minimum received of the shares and of another token',
      {
        minimumReceived: [
          { token: VAULT, amount: 1n },
          { token: DAI, amount: 1n },
        ],
      },
      'INTENT_INVALID',
    ],
    ['a configured vault of chain 1 asked on another chain', { chainId: base.id }, 'TARGET_NOT_ALLOWED'],
  ])('%s → refused', (_name, change, code) => {
    expect(check(deposit(change))).toBe(code);
  });

  it('a vault whose asset is not known yet is refused (never assumed)', () => {
    const blind = createDepositAction({ vaults: new Map([[1, [VAULT]]]), assetOf: () => null });
    expect(
      checkPolicy({
        intent: deposit(),
        chain: ethereum,
        wallet: WALLET,
        actions: [...defaultActionModules, blind],
      })?.code,
    ).toBe('INTENT_INVALID');
  });

  it('without the module, a deposit is refused; its vaults become approvable spenders only with it', () => {
    expect(checkPolicy({ intent: deposit(), chain: ethereum, wallet: WALLET })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    const approval = buildApproveIntent({ chainId: 1, token: USDC, spender: VAULT, amount: ASSETS });
    expect(checkPolicy({ intent: approval, chain: ethereum, wallet: WALLET })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(checkPolicy({ intent: approval, chain: ethereum, wallet: WALLET, actions })).toBeNull();
    const stranger = buildApproveIntent({ chainId: 1, token: USDC, spender: UNLISTED, amount: ASSETS });
    expect(checkPolicy({ intent: stranger, chain: ethereum, wallet: WALLET, actions })?.code).toBe(
      'TARGET_NOT_ALLOWED',
    );
    expect(depositAction.spenders(ethereum)).toEqual([VAULT, OTHER_VAULT]);
    expect(depositAction.spenders(base)).toEqual([]);
  });

  it('keeps its own copy of the vault list (changing the caller’s map later widens nothing)', () => {
    const list = [VAULT];
    const vaults = new Map<number, Address[]>([[1, list]]);
    const module = createDepositAction({ vaults, assetOf: () => USDC });
    list.push(UNLISTED);
    vaults.set(8453, [UNLISTED]);
    expect(module.spenders(ethereum)).toEqual([VAULT]);
    expect(module.spenders(base)).toEqual([]);
  });
});
