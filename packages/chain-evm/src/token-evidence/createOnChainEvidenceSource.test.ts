import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type StartDevnetReturnType,
  startDevnet,
  startRpcProxy,
  switchableTokenAbi,
  waitMined,
} from '@org/devnet';
import { type ChainTableEntry, createTokenSecurityService, resolveChain } from '@org/token-safety';
import { Contract, ContractFactory, type InterfaceAbi, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOnChainEvidenceSource } from './createOnChainEvidenceSource.js';

let devnet: StartDevnetReturnType;
/** An independent client for setting up and reading the chain (not the code under test). */
let provider: JsonRpcProvider;
/** The two chains these tests need, as the app builds them from the chain registry. */
const table: ChainTableEntry[] = [
  { id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: 'ethereum' },
  { id: 31337, name: 'devnet', kind: 'evm', goplus: null, dexscreener: null },
];

beforeAll(async () => {
  devnet = await startDevnet();
  provider = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  provider?.destroy();
  await devnet?.stop();
});
let snapshotId: string;
beforeEach(async () => {
  snapshotId = await devnet.snapshot();
});
afterEach(async () => {
  await devnet.revert(snapshotId);
});

function source(extra: { amountInWei?: bigint; uniswapV2Router02?: string } = {}) {
  const { weth, uniswapV2Router02, uniswapV2Factory } = devnet.manifest.contracts;
  return createOnChainEvidenceSource({
    rpcUrl: devnet.rpcUrl,
    chainId: devnet.manifest.chainId,
    weth,
    uniswapV2Router02,
    uniswapV2Factory,
    ...extra,
  });
}

/** Dev account `index` as an ethers signer on the independent provider. */
const signer = (index: number): Wallet => new Wallet(devnet.manifest.accounts[index]!.privateKey, provider);

describe('createOnChainEvidenceSource against the devnet', () => {
  const chain = () => resolveChain({ chain: 31337, table });

  it('the honeypot token → isHoneypot true (its sell reverts), buy works', async () => {
    const evidence = await source().fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.honeypot.address,
    });
    expect(evidence.fields).toMatchObject({ canBuy: true, canSell: false, isHoneypot: true, buyTax: 0 });
    expect(evidence.fields.sellTax).toBeUndefined();
    expect(evidence.warnings?.join('\n')).toMatch(/sell .* reverted/);
  });

  it('the 95%-sell-tax token → a honeypot by its measured sell tax, although the sell succeeds', async () => {
    const evidence = await source().fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.highTax.address,
    });
    expect(evidence.fields).toMatchObject({ canBuy: true, canSell: true, isHoneypot: true, buyTax: 0 });
    expect(evidence.fields.sellTax).toBeGreaterThan(94.9);
    expect(evidence.fields.sellTax).toBeLessThan(95.1);
  });

  it('the 90%-buy-tax token → buy tax 90 measured by the simulated buy (what arrived against the pool’s quote), sell tax 0, not a honeypot', async () => {
    const evidence = await source().fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.buyTax.address,
    });
    expect(evidence.fields).toMatchObject({
      canBuy: true,
      canSell: true,
      isHoneypot: false,
      cannotSellAll: false,
      sellTax: 0,
    });
    // What arrived against the quote, to the base unit: 90% less, give or take the token's rounding of its cut.
    expect(evidence.fields.buyTax).toBeCloseTo(90, 3);
  });

  it('the 5% fee token → sell tax ≈ 5% (and buy tax ≈ 5%: it burns on every transfer), not a honeypot', async () => {
    const evidence = await source().fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.feeToken.address,
    });
    expect(evidence.fields).toMatchObject({
      canBuy: true,
      canSell: true,
      isHoneypot: false,
      cannotSellAll: false,
    });
    expect(evidence.fields.sellTax).toBeGreaterThan(4.9);
    expect(evidence.fields.sellTax).toBeLessThan(5.1);
    expect(evidence.fields.buyTax).toBeGreaterThan(4.9);
    expect(evidence.fields.buyTax).toBeLessThan(5.1);
  });

  it.each(['usdc', 'dai', 'wbtc'] as const)('plain token %s → not a honeypot, ~0%% tax', async (name) => {
    const evidence = await source().fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens[name].address,
    });
    expect(evidence.fields).toMatchObject({
      canBuy: true,
      canSell: true,
      isHoneypot: false,
      cannotSellAll: false,
    });
    expect(evidence.fields.buyTax).toBeLessThan(0.01);
    expect(evidence.fields.sellTax).toBeLessThan(0.01);
  });

  it('the switchable token while switched off → the simulated buy reverts: canBuy false, no verdict on selling', async () => {
    const { switchable } = devnet.manifest.tokens;
    const token = new Contract(switchable.address, switchableTokenAbi, signer(3));
    await waitMined(token.getFunction('setBlocked')(true));
    expect(
      await new Contract(switchable.address, switchableTokenAbi, provider).getFunction('blocked')(),
    ).toBe(true);
    const evidence = await source().fetchEvidence({ chain: chain(), address: switchable.address });
    expect(evidence.fields).toEqual({ canBuy: false });
    expect(evidence.warnings?.join('\n')).toMatch(/buy of .* reverted/);
    expect(evidence.notChecked?.join('\n')).toMatch(/buy reverted/);
  });

  it('the switchable token while switched on → a plain token (the switch is what the previous test saw)', async () => {
    const evidence = await source().fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.switchable.address,
    });
    expect(evidence.fields).toMatchObject({
      canBuy: true,
      canSell: true,
      isHoneypot: false,
      cannotSellAll: false,
    });
    expect(evidence.fields.sellTax).toBeLessThan(0.01);
  });

  it('the thin-pool token (0.5 WETH deep) → still simulated sensibly: sellable, ~0% tax, not a honeypot', async () => {
    const evidence = await source().fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.thin.address,
    });
    expect(evidence.fields).toMatchObject({
      canBuy: true,
      canSell: true,
      isHoneypot: false,
      cannotSellAll: false,
    });
    expect(evidence.fields.buyTax).toBeLessThan(0.01);
    expect(evidence.fields.sellTax).toBeLessThan(0.01);
  });

  it('the token with no pool at all → PROVIDER_NO_DATA (no Uniswap V2 pair), never a verdict', async () => {
    await expect(
      source().fetchEvidence({ chain: chain(), address: devnet.manifest.tokens.lonely.address }),
    ).rejects.toMatchObject({ code: 'PROVIDER_NO_DATA', message: /no Uniswap V2 pair/ });
  });

  it('simulates in eth_call only: no state changes on the chain', async () => {
    const blockNumber = async () => {
      const response = await fetch(devnet.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      });
      return ((await response.json()) as { result: string }).result;
    };
    const before = await blockNumber();
    await source().fetchEvidence({ chain: chain(), address: devnet.manifest.tokens.usdc.address });
    expect(await blockNumber()).toBe(before);
  });

  it('a token without a V2 pair (the vault) → PROVIDER_NO_DATA; another chain → not supported', async () => {
    await expect(
      source().fetchEvidence({ chain: chain(), address: devnet.manifest.tokens.vault.address }),
    ).rejects.toMatchObject({ code: 'PROVIDER_NO_DATA' });
    expect(source().supports(resolveChain({ chain: 1, table }))).toBe(false);
  });

  it('devnet reports through the service: honeypot unsafe; a clean plain token is still NOT safe (coverage too low)', async () => {
    const service = createTokenSecurityService({ chains: table, sources: [source()] });
    const honeypot = await service.getReport({
      chain: 31337,
      address: devnet.manifest.tokens.honeypot.address,
    });
    expect(honeypot.tax).toMatchObject({ isHoneypot: true, canSell: false });
    expect(honeypot).toMatchObject({ isSafe: false, safetyScore: 0, riskLevel: 'critical' });

    const usdc = await service.getReport({ chain: 'devnet', address: devnet.manifest.tokens.usdc.address });
    expect(usdc.tax.isHoneypot).toBe(false);
    expect(usdc.tax.canSell).toBe(true);
    expect(usdc.sources[0]).toMatchObject({ name: 'onchain-simulation', status: 'ok' });
    expect(usdc.coverage.known).toBe(4);
    expect(usdc.safetyScore).toBeLessThan(usdc.threshold);
    expect(usdc.isSafe).toBe(false);
    expect(usdc.riskLevel).toBe('unknown');
  });

  it('a dead RPC endpoint is a typed source failure, never a verdict', async () => {
    const { weth, uniswapV2Router02, uniswapV2Factory } = devnet.manifest.contracts;
    const dead = createOnChainEvidenceSource({
      rpcUrl: 'http://127.0.0.1:1',
      chainId: 31337,
      weth,
      uniswapV2Router02,
      uniswapV2Factory,
      timeoutMs: 2_000,
    });
    const report = await createTokenSecurityService({ chains: table, sources: [dead] }).getReport({
      chain: 31337,
      address: devnet.manifest.tokens.usdc.address,
    });
    expect(report.sources[0]?.status).toBe('failed');
    expect(['PROVIDER_NETWORK_ERROR', 'PROVIDER_TIMEOUT']).toContain(report.sources[0]?.error?.code);
    expect(report.isSafe).toBe(false);
  });

  it('a node serving another chain than configured gives no evidence (same address, maybe another token)', async () => {
    const { weth, uniswapV2Router02, uniswapV2Factory } = devnet.manifest.contracts;
    const misconfigured = createOnChainEvidenceSource({
      rpcUrl: devnet.rpcUrl, // serves 31337
      chainId: 1,
      weth,
      uniswapV2Router02,
      uniswapV2Factory,
    });
    await expect(
      misconfigured.fetchEvidence({
        chain: resolveChain({ chain: 1, table }),
        address: devnet.manifest.tokens.usdc.address,
      }),
    ).rejects.toMatchObject({ code: 'PROVIDER_BAD_RESPONSE', message: /serves chain 31337/ });
  });

  it('one report is one eth_call (the simulator finds and sizes the pair itself), after one chain-id check', async () => {
    const proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
    try {
      const { weth, uniswapV2Router02, uniswapV2Factory } = devnet.manifest.contracts;
      const source = createOnChainEvidenceSource({
        rpcUrl: proxy.url,
        chainId: devnet.manifest.chainId,
        weth,
        uniswapV2Router02,
        uniswapV2Factory,
      });
      const chain = resolveChain({ chain: 31337, table });
      const first = await source.fetchEvidence({ chain, address: devnet.manifest.tokens.feeToken.address });
      expect(first.fields.sellTax).toBeGreaterThan(4);
      expect(proxy.requests.map((r) => r.method)).toEqual(['eth_chainId', 'eth_call']);
      proxy.reset();
      await source.fetchEvidence({ chain, address: devnet.manifest.tokens.usdc.address });
      expect(proxy.requests.map((r) => r.method)).toEqual(['eth_call']);
    } finally {
      await proxy.close();
    }
  });

  it('a factory address without a contract is a typed bad response, not an untyped crash', async () => {
    const { weth, uniswapV2Router02 } = devnet.manifest.contracts;
    const wrongFactory = createOnChainEvidenceSource({
      rpcUrl: devnet.rpcUrl,
      chainId: devnet.manifest.chainId,
      weth,
      uniswapV2Router02,
      uniswapV2Factory: '0x000000000000000000000000000000000000dEaD',
    });
    const report = await createTokenSecurityService({ chains: table, sources: [wrongFactory] }).getReport({
      chain: 31337,
      address: devnet.manifest.tokens.usdc.address,
    });
    expect(report.sources[0]).toMatchObject({ status: 'failed', error: { code: 'PROVIDER_BAD_RESPONSE' } });
    expect(report.isSafe).toBe(false);
  });

  it('rejects invalid configuration', () => {
    expect(() =>
      createOnChainEvidenceSource({
        rpcUrl: devnet.rpcUrl,
        chainId: 31337,
        weth: '0x12',
        uniswapV2Router02: '0x',
        uniswapV2Factory: '0x',
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PARAMETER' }));
  });
});

/** Compiles the QuoteFailingRouter test fixture with the solc devDependency. */
function compileQuoteFailingRouter(): { abi: InterfaceAbi; bytecode: string } {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const content = readFileSync(new URL('./test-fixtures/QuoteFailingRouter.sol', import.meta.url), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'QuoteFailingRouter.sol': { content } },
        settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: InterfaceAbi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['QuoteFailingRouter.sol']!['QuoteFailingRouter']!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

// TokenSwapSimulator._quote reports a failed quote (reverted, or an answer of the wrong length) as 0, and a pool
// can quote 0 itself. Any of these on the sell side must read as a 100% loss — never as a 0% tax.
describe('a failed or zero sell quote is never a 0% sell tax', () => {
  const chain = () => resolveChain({ chain: 31337, table });
  let fixture: { abi: InterfaceAbi; bytecode: string };
  beforeAll(() => {
    fixture = compileQuoteFailingRouter();
  });

  /** Deploys a router front whose sell quotes behave per `mode` (0 pass, 1 revert, 2 zero, 3 short). */
  async function routerFront(mode: number): Promise<string> {
    const { uniswapV2Router02, weth } = devnet.manifest.contracts;
    const factory = new ContractFactory(fixture.abi, fixture.bytecode, signer(2));
    const contract = await factory.deploy(uniswapV2Router02, weth, mode);
    const deployment = contract.deploymentTransaction();
    if (!deployment) throw new Error('the router front was not deployed by a transaction');
    await waitMined(deployment);
    return contract.getAddress();
  }

  it('control: through the front with real quotes, USDC is a clean ~0% tax token', async () => {
    const evidence = await source({ uniswapV2Router02: await routerFront(0) }).fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.usdc.address,
    });
    expect(evidence.fields).toMatchObject({ canBuy: true, canSell: true, isHoneypot: false });
    expect(evidence.fields.sellTax).toBeLessThan(0.01);
  });

  it.each([
    [1, 'reverted'],
    [2, 'zero'],
    [3, 'malformed (short)'],
  ])('sell quote %i (%s) → sellTax 100 and a honeypot, although the sell itself succeeded', async (mode) => {
    const evidence = await source({ uniswapV2Router02: await routerFront(mode) }).fetchEvidence({
      chain: chain(),
      address: devnet.manifest.tokens.usdc.address,
    });
    expect(evidence.fields).toMatchObject({ canBuy: true, canSell: true, sellTax: 100, isHoneypot: true });
    expect(evidence.fields.buyTax).toBeLessThan(0.01);
  });
});
