import { type StartDevnetReturnType, startDevnet } from '@org/devnet';
import { type ChainTableEntry, createTokenSecurityService, resolveChain } from '@org/token-safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnChainEvidenceSource } from './createOnChainEvidenceSource.js';

let devnet: StartDevnetReturnType;
/** The two chains these tests need, as the app builds them from the chain registry. */
const table: ChainTableEntry[] = [
  { id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: 'ethereum' },
  { id: 31337, name: 'devnet', kind: 'evm', goplus: null, dexscreener: null },
];

beforeAll(async () => {
  devnet = await startDevnet();
});
afterAll(async () => {
  await devnet?.stop();
});

function source(extra: { amountInWei?: bigint } = {}) {
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
