import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { Contract, Interface } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExecutionGateway } from '../gateway/ExecutionGateway.js';
import { createGatewaySteps } from '../gateway/steps/createGatewaySteps.js';
import { createMemoryNonceManager } from '../gateway/steps/createMemoryNonceManager.js';
import { MemoryExecutionStore } from '../gateway/store/MemoryExecutionStore.js';
import { type SwapDevnet, startSwapDevnet } from '../swap/testing/startSwapDevnet.js';
import { approve } from './approve.js';
import { approveExact } from './approveExact.js';
import { buildRevokeIntent } from './buildRevokeIntent.js';
import { MAX_ALLOWANCE } from './constants.js';
import { readApprovalState } from './readApprovalState.js';
import { revokeApproval } from './revokeApproval.js';
import { grantOnChain } from './testing/grantOnChain.js';
import { oldStyleTokens } from './testing/oldStyleTokens.js';

// Revokes and approvals are real transactions through the execution gateway; effects are read from the chain
// directly with a plain ethers Contract.
let env: SwapDevnet;
let snapshot = '';
const reads = [
  'function allowance(address,address) view returns (uint256)',
  'function isApprovedForAll(address,address) view returns (bool)',
];

beforeAll(async () => {
  env = await startSwapDevnet();
});
afterAll(async () => {
  env?.provider.destroy();
  await env?.devnet.stop();
});
beforeEach(async () => {
  snapshot = await env.devnet.snapshot();
});
afterEach(async () => {
  await env.devnet.revert(snapshot);
});

function setup() {
  const account = env.devnet.manifest.accounts[3]!;
  const governor = new Governor({
    ledger: new MemorySpendLedger(),
    policy: { maxPerTx: parseEther('0.05'), dailyLimit: parseEther('0.5') },
  });
  const gateway = new ExecutionGateway({
    privateKey: account.privateKey,
    chains: [env.chain],
    provider: async () => env.provider,
    governor,
    // A revoke acquires nothing: the safety gate must never be asked.
    tokenSafety: {
      getReport: () => {
        throw new Error('token safety asked for a revoke');
      },
    },
    store: new MemoryExecutionStore(),
    nonces: createMemoryNonceManager({ provider: async () => env.provider }),
    steps: createGatewaySteps({ minLiquidityWei: parseEther('10') }),
    settings: { receiptTimeoutMs: 10_000 },
  });
  const owner = grantOnChain({ provider: env.provider, privateKey: account.privateKey });
  return { gateway, governor, owner };
}

const allowance = (token: string, owner: string, spender: string) =>
  new Contract(token, reads, env.provider).getFunction('allowance')(owner, spender) as Promise<bigint>;

describe('revokeApproval through the gateway', () => {
  it('ERC-20: approve(spender, 0) is mined, the allowance is 0 on chain, the governor is charged the fee only', async () => {
    const { gateway, governor, owner } = setup();
    const { usdc } = env.devnet.manifest.tokens;
    const spender = env.devnet.manifest.accounts[7]!.address;
    await owner.approve(usdc.address, spender, MAX_ALLOWANCE);
    const result = await revokeApproval({
      gateway,
      provider: env.provider,
      chain: env.chain,
      token: usdc.address,
      spender,
    });
    if (result.outcome !== 'executed') throw new Error('expected an execution');
    expect(result.kind).toBe('erc20');
    expect(result.before.allowance).toBe(MAX_ALLOWANCE);
    expect(result.record).toMatchObject({ status: 'confirmed', action: 'revoke', to: usdc.address });
    expect(result.after?.allowance).toBe(0n);
    expect(await allowance(usdc.address, gateway.address, spender)).toBe(0n);
    const status = await governor.status();
    expect(status.spent.session.committed).toBe(result.record.feeWei);
    expect(status.openReservations).toEqual([]);
  });

  it('operator: setApprovalForAll(operator, false) clears the NFT operator', async () => {
    const { gateway, owner } = setup();
    const { collectible } = env.devnet.manifest.nfts;
    const operator = env.devnet.manifest.accounts[8]!.address;
    await owner.setApprovalForAll(collectible.address, operator, true);
    const state = await readApprovalState({
      provider: env.provider,
      chain: env.chain,
      owner: gateway.address,
      token: collectible.address,
      spender: operator,
    });
    expect(state).toEqual({ allowance: null, approvedForAll: true, isErc721: true });
    const result = await revokeApproval({
      gateway,
      provider: env.provider,
      chain: env.chain,
      token: collectible.address,
      spender: operator,
    });
    if (result.outcome !== 'executed') throw new Error('expected an execution');
    expect(result.kind).toBe('operator');
    expect(result.record.status).toBe('confirmed');
    const nft = new Contract(collectible.address, reads, env.provider);
    expect(await nft.getFunction('isApprovedForAll')(gateway.address, operator)).toBe(false);
  });

  it('nothing to revoke → a value, nothing sent; an ERC-20 revoke is never aimed at an ERC-721', async () => {
    const { gateway, owner } = setup();
    const { usdc } = env.devnet.manifest.tokens;
    const { collectible } = env.devnet.manifest.nfts;
    const spender = env.devnet.manifest.accounts[7]!.address;
    await owner.setApprovalForAll(collectible.address, spender, true);
    const nonce = await env.provider.getTransactionCount(gateway.address);
    const none = await revokeApproval({
      gateway,
      provider: env.provider,
      chain: env.chain,
      token: usdc.address,
      spender,
    });
    expect(none.outcome).toBe('nothing_to_revoke');
    const asErc20 = await revokeApproval({
      gateway,
      provider: env.provider,
      chain: env.chain,
      token: collectible.address,
      spender,
      kind: 'erc20',
    });
    expect(asErc20.outcome).toBe('nothing_to_revoke');
    expect(await env.provider.getTransactionCount(gateway.address)).toBe(nonce);
  });

  it('a contract that says ERC-721 but answers allowance() > 0 is never sent approve(x, 0)', async () => {
    const { gateway } = setup();
    const odd = '0x00000000000000000000000000000000000007a1';
    await env.provider.send('anvil_setCode', [odd, oldStyleTokens().Erc721WithAllowance]);
    const spender = env.devnet.manifest.accounts[7]!.address;
    const nonce = await env.provider.getTransactionCount(gateway.address);
    for (const kind of [undefined, 'erc20' as const]) {
      const result = await revokeApproval({
        gateway,
        provider: env.provider,
        chain: env.chain,
        token: odd,
        spender,
        ...(kind ? { kind } : {}),
      });
      expect(result).toMatchObject({
        outcome: 'nothing_to_revoke',
        before: { allowance: 5n, isErc721: true },
      });
    }
    expect(await env.provider.getTransactionCount(gateway.address)).toBe(nonce);
  });

  it('kill switch on → blocked KILL_SWITCH_ENGAGED, nothing sent, the allowance untouched', async () => {
    const { gateway, governor, owner } = setup();
    const { dai } = env.devnet.manifest.tokens;
    const spender = env.devnet.manifest.accounts[7]!.address;
    await owner.approve(dai.address, spender, 5n);
    await governor.kill();
    const nonce = await env.provider.getTransactionCount(gateway.address);
    const result = await revokeApproval({
      gateway,
      provider: env.provider,
      chain: env.chain,
      token: dai.address,
      spender,
    });
    if (result.outcome !== 'executed') throw new Error('expected an execution');
    expect(result.record).toMatchObject({ status: 'blocked', code: 'KILL_SWITCH_ENGAGED' });
    expect(result.after).toBeNull();
    expect(await env.provider.getTransactionCount(gateway.address)).toBe(nonce);
    expect(await allowance(dai.address, gateway.address, spender)).toBe(5n);
  });

  it('a "revoke" intent whose calldata grants is refused by the gateway before anything is signed', async () => {
    const { gateway } = setup();
    const { usdc } = env.devnet.manifest.tokens;
    const spender = env.devnet.manifest.accounts[7]!.address;
    const honest = buildRevokeIntent({ chainId: 31337, token: usdc.address, spender, kind: 'erc20' });
    const grant = new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [
      spender,
      MAX_ALLOWANCE,
    ]) as `0x${string}`;
    const nonce = await env.provider.getTransactionCount(gateway.address);
    const { record } = await gateway.execute({ ...honest, data: grant });
    expect(record).toMatchObject({ status: 'blocked', code: 'INTENT_INVALID' });
    expect(await env.provider.getTransactionCount(gateway.address)).toBe(nonce);
    expect(await allowance(usdc.address, gateway.address, spender)).toBe(0n);
  });
});

describe('approve / approveExact through the gateway', () => {
  it('approveExact grants exactly the amount to an allowlisted router; approve() grants the maximum (parity)', async () => {
    const { gateway, governor } = setup();
    const { usdc, dai } = env.devnet.manifest.tokens;
    const router = env.devnet.manifest.contracts.uniswapV2Router02;
    const exact = await approveExact({
      gateway,
      chain: env.chain,
      token: usdc.address,
      spender: router,
      amount: 123n,
    });
    expect(exact.record).toMatchObject({ status: 'confirmed', action: 'approve' });
    expect(await allowance(usdc.address, gateway.address, router)).toBe(123n);
    const unlimited = await approve({ gateway, chain: env.chain, token: dai.address, spender: router });
    expect(unlimited.record.status).toBe('confirmed');
    expect(await allowance(dai.address, gateway.address, router)).toBe(MAX_ALLOWANCE);
    // An approval moves nothing: the governor is charged the two fees, nothing more.
    expect((await governor.status()).spent.session.committed).toBe(
      (exact.record.feeWei as bigint) + (unlimited.record.feeWei as bigint),
    );
  });

  it('a spender that is not allowlisted is refused (TARGET_NOT_ALLOWED), nothing sent', async () => {
    const { gateway } = setup();
    const { usdc } = env.devnet.manifest.tokens;
    const stranger = env.devnet.manifest.accounts[7]!.address;
    const nonce = await env.provider.getTransactionCount(gateway.address);
    const { record } = await approveExact({
      gateway,
      chain: env.chain,
      token: usdc.address,
      spender: stranger,
      amount: 1n,
    });
    expect(record).toMatchObject({ status: 'blocked', code: 'TARGET_NOT_ALLOWED' });
    expect(await env.provider.getTransactionCount(gateway.address)).toBe(nonce);
  });
});
