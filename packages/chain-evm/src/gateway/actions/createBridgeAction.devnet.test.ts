import { encodeDevnetBridgeCall, erc20Abi, mintToken } from '@org/devnet';
import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { createTokenSecurityService } from '@org/token-safety';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '../../chains/chains.js';
import { buildApproveIntent } from '../../approvals/buildApproveIntent.js';
import { type SwapDevnet, startSwapDevnet } from '../../swap/testing/startSwapDevnet.js';
import { ExecutionGateway } from '../ExecutionGateway.js';
import { createGatewaySteps } from '../steps/createGatewaySteps.js';
import { createMemoryNonceManager } from '../steps/createMemoryNonceManager.js';
import { MemoryExecutionStore } from '../store/MemoryExecutionStore.js';
import type { ExecutionIntent } from '../types.js';
import { createBridgeAction } from './createBridgeAction.js';
import { defaultActionModules } from './defaultActionModules.js';

// The gateway with the bridge module and its real steps against the devnet's bridge contract (section 10 of the
// layout): an honest bridge call is simulated, signed and mined (the deposit leaves the wallet), a lying one is
// refused before anything is signed. Effects are read with a separate provider.
let env: SwapDevnet;
let reader: JsonRpcProvider;
let snapshot = '';
const ATTACKER: Address = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';
const AMOUNT = 50_000_000n; // 50 USDC

beforeAll(async () => {
  env = await startSwapDevnet();
  reader = new JsonRpcProvider(env.devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  reader?.destroy();
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
    policy: { maxPerTx: parseEther('1'), dailyLimit: parseEther('5') },
  });
  const tokenSafety = createTokenSecurityService({
    chains: [{ id: 31337, name: 'devnet', kind: 'evm', goplus: null, dexscreener: null }],
    sources: [],
  });
  const gateway = new ExecutionGateway({
    privateKey: account.privateKey,
    chains: [env.chain],
    provider: async () => env.provider,
    governor,
    tokenSafety: { getReport: ({ chain, address }) => tokenSafety.getReport({ chain, address }) },
    store: new MemoryExecutionStore(),
    nonces: createMemoryNonceManager({ provider: async () => env.provider }),
    steps: createGatewaySteps({ minLiquidityWei: parseEther('10') }),
    settings: { receiptTimeoutMs: 10_000 },
    actions: [
      ...defaultActionModules,
      createBridgeAction({ allowlist: { 31337: [env.devnet.manifest.contracts.devnetBridge] } }),
    ],
  });
  return { gateway, governor, wallet: account.address as Address };
}

function bridgeIntent(receiver: Address): ExecutionIntent {
  const usdc = env.devnet.manifest.tokens.usdc.address;
  return {
    chainId: 31337,
    action: 'bridge',
    to: env.devnet.manifest.contracts.devnetBridge,
    data: encodeDevnetBridgeCall({
      bridgeData: {
        transactionId: `0x${'5a'.repeat(32)}`,
        bridge: 'devnetbridge',
        integrator: 'wallet-ops',
        referrer: '0x0000000000000000000000000000000000000000',
        sendingAssetId: usdc,
        receiver,
        minAmount: AMOUNT,
        destinationChainId: 31_338n,
        hasSourceSwaps: false,
        hasDestinationCall: false,
      },
      receivingAssetId: usdc,
      outputAmount: AMOUNT - 50_000n,
    }),
    value: 0n,
    spends: [{ token: usdc, amount: AMOUNT, decimals: 6 }],
    acquires: [],
    bridge: { toChainId: 31_338, toToken: usdc, minAmountOut: AMOUNT - 100_000n },
    description: 'bridge 50 USDC to devnet-b',
  };
}

const usdcOf = async (owner: string) =>
  (await new Contract(env.devnet.manifest.tokens.usdc.address, erc20Abi, reader).getFunction('balanceOf')(
    owner,
  )) as bigint;

describe('the bridge action through the gateway, on the devnet', () => {
  it('an honest bridge call: approved exactly, simulated, signed, mined; the deposit leaves the wallet', async () => {
    const { gateway, wallet } = setup();
    const { usdc } = env.devnet.manifest.tokens;
    const bridge = env.devnet.manifest.contracts.devnetBridge;
    await mintToken({ devnet: env.devnet, token: usdc, to: wallet, amount: AMOUNT });
    const approval = await gateway.execute(
      buildApproveIntent({ chainId: 31337, token: usdc.address, spender: bridge, amount: AMOUNT }),
    );
    expect(approval.record.status).toBe('confirmed');
    const { record } = await gateway.execute(bridgeIntent(wallet));
    expect(record).toMatchObject({ status: 'confirmed', action: 'bridge', to: bridge });
    expect(await usdcOf(wallet)).toBe(0n);
    expect(await usdcOf(bridge)).toBeGreaterThanOrEqual(AMOUNT);
  });

  it('a call that pays someone else is refused before anything is signed or reserved', async () => {
    const { gateway, governor, wallet } = setup();
    const nonce = await reader.getTransactionCount(wallet);
    const { record } = await gateway.execute(bridgeIntent(ATTACKER));
    expect(record).toMatchObject({ status: 'blocked', code: 'INTENT_INVALID' });
    expect(record.transactions).toEqual([]);
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
    expect((await governor.status()).openReservations).toEqual([]);
  });

  it('an exact approval to a contract off the allowlist is refused', async () => {
    const { gateway } = setup();
    const { record } = await gateway.execute(
      buildApproveIntent({
        chainId: 31337,
        token: env.devnet.manifest.tokens.usdc.address,
        spender: ATTACKER,
        amount: AMOUNT,
      }),
    );
    expect(record).toMatchObject({ status: 'blocked', code: 'TARGET_NOT_ALLOWED' });
  });
});
