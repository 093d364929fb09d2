import { createRequire } from 'node:module';
import { type Fragment, Interface, type InterfaceAbi } from 'ethers';
import { describe, expect, it } from 'vitest';
import * as abis from './abis.js';
import { multicall3CreationBytecode } from './artifacts/multicall3Bytecode.js';
import { compileContracts } from './compileContracts.js';

const require = createRequire(import.meta.url);
const artifact = (path: string): InterfaceAbi => (require(path) as { abi: InterfaceAbi }).abi;
const v3p = '@uniswap/v3-periphery/artifacts/contracts';

/** Every fragment of `ours` must exist, with the same signature and outputs, in `reference`. */
function expectSubset(ours: readonly string[], reference: InterfaceAbi): void {
  const theirs = new Interface(reference);
  new Interface(ours).forEachFunction((fn) => {
    const match = theirs.getFunction(fn.selector);
    expect(match?.format('sighash'), fn.format()).toBe(fn.format('sighash'));
    expect(match?.outputs.map((o) => o.type)).toEqual(fn.outputs.map((o) => o.type));
    expect(match?.stateMutability === 'view' || match?.stateMutability === 'pure').toBe(
      fn.stateMutability === 'view' || fn.stateMutability === 'pure',
    );
  });
  new Interface(ours).forEachEvent((event) => {
    expect(theirs.getEvent(event.topicHash)?.format('sighash'), event.format()).toBe(event.format('sighash'));
  });
  for (const fragment of new Interface(ours).fragments as readonly Fragment[]) {
    if (fragment.type === 'error') {
      const error = new Interface([fragment]).getError(fragment.format('sighash'))!;
      expect(theirs.getError(error.selector)?.format('sighash')).toBe(error.format('sighash'));
    }
  }
}

describe('exported ABIs match the deployed artifacts', () => {
  it('npm artifacts: WETH9 and Uniswap V2/V3', () => {
    expectSubset(abis.wethAbi, artifact('canonical-weth/build/contracts/WETH9.json'));
    expectSubset(abis.uniswapV2RouterAbi, artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json'));
    expectSubset(abis.uniswapV2FactoryAbi, artifact('@uniswap/v2-core/build/UniswapV2Factory.json'));
    expectSubset(abis.uniswapV2PairAbi, artifact('@uniswap/v2-core/build/UniswapV2Pair.json'));
    expectSubset(abis.uniswapV3SwapRouterAbi, artifact(`${v3p}/SwapRouter.sol/SwapRouter.json`));
    expectSubset(abis.quoterV2Abi, artifact(`${v3p}/lens/QuoterV2.sol/QuoterV2.json`));
    expectSubset(
      abis.nonfungiblePositionManagerAbi,
      artifact(`${v3p}/NonfungiblePositionManager.sol/NonfungiblePositionManager.json`),
    );
    const v3core = '@uniswap/v3-core/artifacts/contracts';
    expectSubset(abis.uniswapV3FactoryAbi, artifact(`${v3core}/UniswapV3Factory.sol/UniswapV3Factory.json`));
    expectSubset(abis.uniswapV3PoolAbi, artifact(`${v3core}/UniswapV3Pool.sol/UniswapV3Pool.json`));
  });

  it('solc-compiled devnet contracts', async () => {
    const { contracts } = await compileContracts({});
    expectSubset(abis.erc20Abi, contracts.DevnetToken.abi as InterfaceAbi);
    expectSubset(abis.erc4626Abi, contracts.DevnetVault.abi as InterfaceAbi);
    expectSubset(abis.honeypotTokenAbi, contracts.HoneypotToken.abi as InterfaceAbi);
    expectSubset(abis.feeOnTransferTokenAbi, contracts.FeeOnTransferToken.abi as InterfaceAbi);
    expectSubset(abis.switchableTokenAbi, contracts.SwitchableToken.abi as InterfaceAbi);
    expectSubset(abis.buyTaxTokenAbi, contracts.BuyTaxToken.abi as InterfaceAbi);
    expectSubset(abis.erc721Abi, contracts.DevnetCollectible.abi as InterfaceAbi);
    expectSubset(abis.devnetBridgeAbi, contracts.DevnetBridge.abi as InterfaceAbi);
  });

  it('Multicall3: every selector is dispatched by the public bytecode', () => {
    new Interface(abis.multicall3Abi).forEachFunction((fn) => {
      expect(multicall3CreationBytecode, fn.format()).toContain(`63${fn.selector.slice(2)}`);
    });
  });
});
