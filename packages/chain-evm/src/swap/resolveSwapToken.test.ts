import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { devnetTokenList } from './devnetTokenList.js';
import { getSwapTokenList } from './getSwapTokenList.js';
import { resolveSwapToken } from './resolveSwapToken.js';
import { type SwapDevnet, startSwapDevnet } from './testing/startSwapDevnet.js';
import type { SwapToken } from './types.js';

// Old-style tokens: MKR-like bytes32 metadata, one with no symbol()/name() at all, one with garbage decimals.
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
contract Bytes32Token {
  function decimals() external pure returns (uint8) { return 18; }
  function symbol() external pure returns (bytes32) { return "MKR"; }
  function name() external pure returns (bytes32) { return "Maker"; }
}
contract NoSymbolToken {
  function decimals() external pure returns (uint8) { return 9; }
}
contract NoDecimalsToken {
  function symbol() external pure returns (string memory) { return "NODEC"; }
}`;

function compile(): Record<string, `0x${string}`> {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'T.sol': { content: SOURCE } },
        settings: {
          evmVersion: 'cancun',
          outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } },
        },
      }),
    ),
  ) as { contracts: { 'T.sol': Record<string, { evm: { deployedBytecode: { object: string } } }> } };
  return Object.fromEntries(
    Object.entries(out.contracts['T.sol']).map(([name, c]) => [
      name,
      `0x${c.evm.deployedBytecode.object}` as const,
    ]),
  );
}

let env: SwapDevnet;
let tokens: SwapToken[];
const at = {
  Bytes32Token: '0x00000000000000000000000000000000000b3232' as Address,
  NoSymbolToken: '0x0000000000000000000000000000000000005e55' as Address,
  NoDecimalsToken: '0x000000000000000000000000000000000000dec0' as Address,
};

beforeAll(async () => {
  env = await startSwapDevnet();
  const code = compile();
  for (const [name, address] of Object.entries(at)) {
    await env.provider.send('anvil_setCode', [address, code[name]]);
  }
  tokens = getSwapTokenList({
    chain: env.chain,
    extraTokens: devnetTokenList({ manifest: env.devnet.manifest }),
  });
});
afterAll(async () => {
  env?.provider.destroy();
  await env?.devnet.stop();
});

describe('resolveSwapToken', () => {
  it('ETH is native (routed as WETH); symbols resolve case-insensitively from the list without RPC', async () => {
    const never = { send: () => Promise.reject(new Error('no RPC expected')) };
    const eth = await resolveSwapToken({ chain: env.chain, token: 'eth', tokens, provider: never });
    expect(eth).toMatchObject({
      ref: 'native',
      native: true,
      address: env.devnet.manifest.contracts.weth,
      decimals: 18,
    });
    const usdc = await resolveSwapToken({ chain: env.chain, token: 'uSdC', tokens, provider: never });
    expect(usdc).toEqual({
      ref: env.devnet.manifest.tokens.usdc.address,
      native: false,
      address: env.devnet.manifest.tokens.usdc.address,
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      source: 'list',
    });
    const weth = await resolveSwapToken({ chain: env.chain, token: 'WETH', tokens, provider: never });
    expect(weth.native).toBe(false);
    const byLowerAddress = await resolveSwapToken({
      chain: env.chain,
      token: env.devnet.manifest.tokens.feeToken.address.toLowerCase(),
      tokens,
      provider: never,
    });
    expect(byLowerAddress).toMatchObject({ symbol: 'FEE', source: 'list' });
  });

  it('an unlisted address is read from the chain in ONE request: string, bytes32 or missing metadata', async () => {
    const methods: string[] = [];
    const provider = {
      send: (m: string, p: unknown[]) => {
        methods.push(m);
        return env.provider.send(m, p);
      },
    };
    const dai = env.devnet.manifest.tokens.dai;
    await expect(
      resolveSwapToken({ chain: env.chain, token: dai.address, tokens: [], provider }),
    ).resolves.toEqual({
      ref: dai.address,
      native: false,
      address: dai.address,
      symbol: 'DAI',
      name: 'Dai Stablecoin',
      decimals: 18,
      source: 'chain',
    });
    expect(methods).toEqual(['eth_call']);
    await expect(
      resolveSwapToken({ chain: env.chain, token: at.Bytes32Token, tokens, provider }),
    ).resolves.toMatchObject({
      symbol: 'MKR',
      name: 'Maker',
      decimals: 18,
    });
    await expect(
      resolveSwapToken({ chain: env.chain, token: at.NoSymbolToken, tokens, provider }),
    ).resolves.toMatchObject({
      symbol: null,
      name: null,
      decimals: 9,
    });
  });

  it('typed errors: unknown symbol, bad checksum, no decimals(), no code, no provider, ambiguous list', async () => {
    const base = { chain: env.chain, tokens, provider: env.provider };
    await expect(resolveSwapToken({ ...base, token: 'NOPE' })).rejects.toMatchObject({
      code: 'SWAP_TOKEN_UNKNOWN',
    });
    const usdc = env.devnet.manifest.tokens.usdc.address;
    const i = usdc.slice(2).search(/[a-fA-F]/) + 2;
    const flipped = usdc[i] === usdc[i]?.toUpperCase() ? usdc[i]?.toLowerCase() : usdc[i]?.toUpperCase();
    await expect(
      resolveSwapToken({ ...base, token: `${usdc.slice(0, i)}${flipped}${usdc.slice(i + 1)}` }),
    ).rejects.toMatchObject({ code: 'INVALID_ADDRESS' });
    await expect(resolveSwapToken({ ...base, token: at.NoDecimalsToken })).rejects.toMatchObject({
      code: 'SWAP_TOKEN_UNKNOWN',
    });
    await expect(
      resolveSwapToken({ ...base, token: '0x000000000000000000000000000000000000c0de' }),
    ).rejects.toMatchObject({ code: 'SWAP_TOKEN_UNKNOWN' });
    await expect(
      resolveSwapToken({ chain: env.chain, tokens, token: at.Bytes32Token }),
    ).rejects.toMatchObject({ code: 'SWAP_TOKEN_UNKNOWN' });
    const twin = { ...(tokens[1] as SwapToken), address: at.Bytes32Token };
    await expect(
      resolveSwapToken({ ...base, tokens: [...tokens, twin], token: twin.symbol }),
    ).rejects.toMatchObject({ code: 'SWAP_TOKEN_AMBIGUOUS' });
  });
});
