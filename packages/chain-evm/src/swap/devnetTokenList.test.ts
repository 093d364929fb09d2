import { type StartDevnetReturnType, erc20Abi, startDevnet } from '@org/devnet';
import { Contract, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainInfo, chains } from '../chains/chains.js';
import { devnetTokenList } from './devnetTokenList.js';
import { getSwapTokenList } from './getSwapTokenList.js';

let devnet: StartDevnetReturnType;
let reader: JsonRpcProvider;
beforeAll(async () => {
  devnet = await startDevnet();
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
});
afterAll(async () => {
  reader?.destroy();
  await devnet?.stop();
});

describe('devnetTokenList', () => {
  it('lists every deployed token (honeypot, fee and tax tokens, vault included) with its on-chain metadata', async () => {
    const chain = chains.find((c) => c.id === 31337) as ChainInfo;
    const configured = {
      ...chain,
      contracts: { ...chain.contracts, wrappedNative: devnet.manifest.contracts.weth },
    };
    const list = getSwapTokenList({
      chain: configured,
      extraTokens: devnetTokenList({ manifest: devnet.manifest }),
    });
    const symbols = list.map((t) => t.symbol);
    expect(symbols.sort()).toEqual(
      ['WETH', ...Object.values(devnet.manifest.tokens).map((t) => t.symbol)].sort(),
    );
    expect(symbols).toEqual(
      expect.arrayContaining(['WETH', 'USDC', 'DAI', 'WBTC', 'HONEY', 'FEE', 'TAX', 'dvUSDC']),
    );
    for (const token of list) {
      const contract = new Contract(token.address, erc20Abi, reader);
      expect(Number(await contract.getFunction('decimals')())).toBe(token.decimals);
      expect(await contract.getFunction('symbol')()).toBe(token.symbol);
    }
  });
});
