import { getAddress, Interface, type InterfaceAbi, MaxUint256, ZeroAddress } from 'ethers';
import { multicall3CreationBytecode } from './artifacts/multicall3Bytecode.js';
import type { CompiledContract, DevnetContractName } from './compileContracts.js';
import { ANVIL_ACCOUNTS, DEVNET_BRIDGE_RELAYER, MULTICALL3_ADDRESS } from './constants.js';
import type { RpcClient } from './createRpcClient.js';
import { encodeSqrtPriceX96 } from './encodeSqrtPriceX96.js';
import { DeploymentError } from './errors/DeploymentError.js';
import {
  ACCOUNT_BALANCE,
  PLAN_BUY_TAX,
  PLAN_BUY_TAX_V2_POOLS,
  PLAN_BRIDGE_LIQUIDITY,
  PLAN_CAPPED_VAULT,
  PLAN_COLLECTIBLE,
  PLAN_DEPTH_TOP_UPS,
  PLAN_ERC20S,
  PLAN_FEE_VAULT,
  PLAN_FEE_TOKEN,
  PLAN_HIGH_TAX,
  PLAN_HISTORY_SECONDS,
  PLAN_HONEYPOT,
  PLAN_LATE_V2_POOLS,
  PLAN_LONELY,
  PLAN_RELAYER_BALANCE,
  PLAN_OBSERVATION_CARDINALITY,
  PLAN_SWITCHABLE,
  PLAN_THIN,
  PLAN_V2_POOLS,
  PLAN_V3_POOLS,
  PLAN_VAULT,
  PLAN_VAULT_DEPOSIT,
  PLAN_VAULT_YIELD,
  type PlanPool,
  type PlanTokenKey,
  TICK_SPACING,
} from './internal/deployPlan.js';
import { devnetRequire } from './internal/packageRoot.js';
import { sendTransaction } from './internal/sendTransaction.js';
import type { DevnetManifest, DevnetToken } from './types.js';

type Hex = `0x${string}`;

/** The manifest minus the per-process `rpcUrl`: identical on every start. */
export type DevnetLayout = Omit<DevnetManifest, 'rpcUrl'>;

/** Parameters of {@link deployDevnet}. */
export interface DeployDevnetParameters {
  /**
   * Client of a fresh anvil (default mnemonic, automine). Any chain id: the layout records the node's, and every
   * address is the same on every chain (same deployer, same nonces), like a contract deployed with CREATE2.
   */
  rpc: RpcClient;
  /** Output of `compileContracts()`. */
  compiled: Record<DevnetContractName, CompiledContract>;
}

/** Return type of {@link deployDevnet}. */
export type DeployDevnetReturnType = DevnetLayout;

interface Artifact {
  abi: InterfaceAbi;
  bytecode: Hex;
}

const MIN_TICK = -887_272;
const MAX_TICK = 887_272;
const erc20 = new Interface([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);

function loadArtifact(path: string): Artifact {
  const json = devnetRequire()(path) as { abi: InterfaceAbi; bytecode: string };
  const bytecode = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`;
  return { abi: json.abi, bytecode: bytecode as Hex };
}

/**
 * Deploys the full devnet layout from anvil's first account, sequentially so that every address is a pure
 * function of the deployer's nonce: WETH9, Multicall3 (runtime code copied to its canonical address),
 * Uniswap V2 (factory, Router02) and V3 (factory, SwapRouter, QuoterV2, NonfungiblePositionManager), the
 * USDC/DAI/WBTC-like tokens, the honeypot, the fee-on-transfer token and the ERC-4626 vault, then seeds the
 * V2 pairs and full-range V3 positions at ETH ≈ 3,000 USD and BTC ≈ 60,000 USD; the tokens added later (95% sell
 * tax, switchable, thin pool, no pool), an ERC-721, a 90% buy-tax token and the two-chain bridge (with its
 * liquidity) come after all of it, so earlier addresses never move; last, pricing depth (the 100-WETH pairs and
 * the 0.05% USDC pool deepened at their price) and V3 observation slots. The deployment runs two hours behind the
 * wall clock and ends back on it, so the V3 oracles have history.
 *
 * @example
 * ```ts
 * import { compileContracts, createRpcClient, deployDevnet, spawnAnvil } from '@org/devnet';
 * const anvil = await spawnAnvil({});
 * const layout = await deployDevnet({ rpc: createRpcClient({ url: anvil.url }), compiled: (await compileContracts()).contracts });
 * ```
 */
export async function deployDevnet(parameters: DeployDevnetParameters): Promise<DeployDevnetReturnType> {
  const { rpc, compiled } = parameters;
  const deployer = ANVIL_ACCOUNTS[0]!.address;
  const chainId = Number(BigInt(await rpc.request<Hex>('eth_chainId', [])));

  const send = (step: string, tx: { to?: Hex; data: Hex; value?: bigint }) =>
    sendTransaction({ rpc, step, from: deployer, ...tx });

  async function deploy(name: string, artifact: Artifact, args: readonly unknown[] = []): Promise<Hex> {
    const encodedArgs = new Interface(artifact.abi).encodeDeploy(args).slice(2);
    const { contractAddress } = await send(`deploy ${name}`, {
      data: `${artifact.bytecode}${encodedArgs}` as Hex,
    });
    if (!contractAddress) throw new DeploymentError(`deploy ${name}`, 'receipt has no contractAddress');
    return getAddress(contractAddress) as Hex;
  }

  async function call<T>(to: Hex, iface: Interface, fn: string, args: readonly unknown[]): Promise<T> {
    const data = iface.encodeFunctionData(fn, args);
    const result = await rpc.request<Hex>('eth_call', [{ to, data }, 'latest']);
    return iface.decodeFunctionResult(fn, result)[0] as T;
  }

  const compiledArtifact = (name: DevnetContractName): Artifact => ({
    abi: compiled[name].abi as InterfaceAbi,
    bytecode: compiled[name].bytecode,
  });

  // 0. The deployment runs PLAN_HISTORY_SECONDS behind the wall clock; step 13 brings the chain back. Only block
  //    timestamps move (every address is a function of the deployer's nonce): the V3 pools' oracles then have two
  //    hours of history, so `observe` answers for a 30-minute window as it does for an established pool.
  await rpc.request('evm_setTime', [Math.floor(Date.now() / 1000) - PLAN_HISTORY_SECONDS]);

  // 1. Core infrastructure from npm artifacts.
  const weth9 = loadArtifact('canonical-weth/build/contracts/WETH9.json');
  const weth = await deploy('WETH9', weth9);

  const multicallTemp = await deploy('Multicall3', { abi: [], bytecode: multicall3CreationBytecode });
  const multicallCode = await rpc.request<Hex>('eth_getCode', [multicallTemp, 'latest']);
  if (multicallCode.length <= 2) throw new DeploymentError('deploy Multicall3', 'no runtime code');
  await rpc.request('anvil_setCode', [MULTICALL3_ADDRESS, multicallCode]);

  const v2FactoryArtifact = loadArtifact('@uniswap/v2-core/build/UniswapV2Factory.json');
  const v2Factory = await deploy('UniswapV2Factory', v2FactoryArtifact, [deployer]);
  const v2RouterArtifact = loadArtifact('@uniswap/v2-periphery/build/UniswapV2Router02.json');
  const v2Router = await deploy('UniswapV2Router02', v2RouterArtifact, [v2Factory, weth]);

  const v3 = '@uniswap/v3-periphery/artifacts/contracts';
  const v3FactoryArtifact = loadArtifact(
    '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  );
  const v3Factory = await deploy('UniswapV3Factory', v3FactoryArtifact);
  const swapRouter = await deploy('SwapRouter', loadArtifact(`${v3}/SwapRouter.sol/SwapRouter.json`), [
    v3Factory,
    weth,
  ]);
  const quoterV2 = await deploy('QuoterV2', loadArtifact(`${v3}/lens/QuoterV2.sol/QuoterV2.json`), [
    v3Factory,
    weth,
  ]);
  const npmArtifact = loadArtifact(`${v3}/NonfungiblePositionManager.sol/NonfungiblePositionManager.json`);
  const positionManager = await deploy('NonfungiblePositionManager', npmArtifact, [
    v3Factory,
    weth,
    ZeroAddress,
  ]);

  // 2. Test tokens compiled with solc-js.
  const tokens: Partial<Record<PlanTokenKey | 'vault' | 'feeVault' | 'cappedVault', DevnetToken>> = {};
  for (const token of PLAN_ERC20S) {
    const address = await deploy(token.symbol, compiledArtifact('DevnetToken'), [
      token.name,
      token.symbol,
      token.decimals,
    ]);
    tokens[token.key] = { address, name: token.name, symbol: token.symbol, decimals: token.decimals };
  }
  tokens.honeypot = {
    address: await deploy('HoneypotToken', compiledArtifact('HoneypotToken')),
    ...PLAN_HONEYPOT,
  };
  tokens.feeToken = {
    address: await deploy('FeeOnTransferToken', compiledArtifact('FeeOnTransferToken')),
    ...PLAN_FEE_TOKEN,
  };
  const usdc = tokens.usdc!.address;
  const vault = await deploy('DevnetVault', compiledArtifact('DevnetVault'), [
    usdc,
    PLAN_VAULT.name,
    PLAN_VAULT.symbol,
  ]);
  tokens.vault = { address: vault, ...PLAN_VAULT };
  // Deployed after everything above so every earlier address stays what it was.
  tokens.highTax = {
    address: await deploy('HighTaxToken', compiledArtifact('HighTaxToken')),
    ...PLAN_HIGH_TAX,
  };
  const addressOf = (key: PlanTokenKey): Hex => (key === 'weth' ? weth : tokens[key]!.address);

  // 3. Fund the deployer: wrap ETH, mint the test tokens, approve the routers.
  const neededFor = (pools: readonly PlanPool[]): Map<PlanTokenKey, bigint> => {
    const needed = new Map<PlanTokenKey, bigint>();
    for (const pool of pools) {
      needed.set(pool.tokenA, (needed.get(pool.tokenA) ?? 0n) + pool.amountA);
      needed.set(pool.tokenB, (needed.get(pool.tokenB) ?? 0n) + pool.amountB);
    }
    return needed;
  };
  const wethIface = new Interface(weth9.abi);
  async function fund(needed: Map<PlanTokenKey, bigint>, spenders: readonly Hex[]): Promise<void> {
    await send('wrap ETH', {
      to: weth,
      data: wethIface.encodeFunctionData('deposit', []) as Hex,
      value: needed.get('weth') ?? 0n,
    });
    for (const [key, amount] of needed) {
      if (key === 'weth') continue;
      await send(`mint ${key}`, {
        to: addressOf(key),
        data: erc20.encodeFunctionData('mint', [deployer, amount]) as Hex,
      });
    }
    for (const key of needed.keys()) {
      for (const spender of spenders) {
        await send(`approve ${key}`, {
          to: addressOf(key),
          data: erc20.encodeFunctionData('approve', [spender, MaxUint256]) as Hex,
        });
      }
    }
  }
  const needed = neededFor([...PLAN_V2_POOLS, ...PLAN_V3_POOLS]);
  needed.set('usdc', (needed.get('usdc') ?? 0n) + PLAN_VAULT_DEPOSIT + PLAN_VAULT_YIELD);
  await rpc.request('anvil_setBalance', [
    deployer,
    `0x${(ACCOUNT_BALANCE + needed.get('weth')!).toString(16)}`,
  ]);
  await fund(needed, [v2Router, positionManager]);

  // 4. Uniswap V2 pairs. The honeypot's pair is flagged only after its liquidity is in: the token has no
  //    exemption, so from then on nobody (the deployer included) can sell into it.
  const v2FactoryIface = new Interface(v2FactoryArtifact.abi);
  const v2RouterIface = new Interface(v2RouterArtifact.abi);
  const honeypotIface = new Interface(compiled.HoneypotToken.abi as InterfaceAbi);
  async function seedV2Pool(pool: PlanPool): Promise<Hex> {
    const a = addressOf(pool.tokenA);
    const b = addressOf(pool.tokenB);
    await send(`create pair ${pool.name}`, {
      to: v2Factory,
      data: v2FactoryIface.encodeFunctionData('createPair', [a, b]) as Hex,
    });
    const pair = getAddress(await call<string>(v2Factory, v2FactoryIface, 'getPair', [a, b])) as Hex;
    const data = v2RouterIface.encodeFunctionData('addLiquidity', [
      a,
      b,
      pool.amountA,
      pool.amountB,
      0,
      0,
      deployer,
      MaxUint256,
    ]);
    await send(`add liquidity ${pool.name}`, { to: v2Router, data: data as Hex });
    for (const flagged of ['honeypot', 'highTax', 'buyTax'] as const) {
      if (pool.tokenA !== flagged && pool.tokenB !== flagged) continue;
      // Same setPair(address,bool) on every flagged token.
      await send(`flag ${flagged} pair`, {
        to: addressOf(flagged),
        data: honeypotIface.encodeFunctionData('setPair', [pair, true]) as Hex,
      });
    }
    return pair;
  }
  const v2Pools: Record<string, Hex> = {};
  for (const pool of PLAN_V2_POOLS) v2Pools[pool.name] = await seedV2Pool(pool);

  // Let one second pass and sync every pair, so the price accumulators are non-zero like on a live chain.
  // Otherwise the first swap after a start pays ~40k extra gas for zero→non-zero writes that an estimate made
  // at the seeding block's timestamp does not see.
  const pairIface = new Interface(['function sync()']);
  async function primeV2Pairs(pairs: Record<string, Hex>): Promise<void> {
    const latest = await rpc.request<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
    await rpc.request('evm_setNextBlockTimestamp', [Number(BigInt(latest.timestamp) + 1n)]);
    await rpc.request('evm_mine', []);
    for (const [name, pair] of Object.entries(pairs)) {
      await send(`sync ${name}`, { to: pair, data: pairIface.encodeFunctionData('sync', []) as Hex });
    }
  }
  await primeV2Pairs(v2Pools);

  // 5. Uniswap V3 pools with one full-range position each, priced at the same ratio as the amounts.
  const npmIface = new Interface(npmArtifact.abi);
  const v3FactoryIface = new Interface(v3FactoryArtifact.abi);
  const v3Pools: Record<string, { address: Hex; fee: number }> = {};
  for (const pool of PLAN_V3_POOLS) {
    const a = addressOf(pool.tokenA);
    const b = addressOf(pool.tokenB);
    const aFirst = BigInt(a) < BigInt(b);
    const [token0, token1] = aFirst ? [a, b] : [b, a];
    const [amount0, amount1] = aFirst ? [pool.amountA, pool.amountB] : [pool.amountB, pool.amountA];
    const sqrtPriceX96 = encodeSqrtPriceX96({ amount0, amount1 });
    await send(`create pool ${pool.name}`, {
      to: positionManager,
      data: npmIface.encodeFunctionData('createAndInitializePoolIfNecessary', [
        token0,
        token1,
        pool.fee,
        sqrtPriceX96,
      ]) as Hex,
    });
    const spacing = TICK_SPACING[pool.fee]!;
    const tickLower = Math.ceil(MIN_TICK / spacing) * spacing;
    const tickUpper = Math.floor(MAX_TICK / spacing) * spacing;
    const mintParams = [
      token0,
      token1,
      pool.fee,
      tickLower,
      tickUpper,
      amount0,
      amount1,
      0,
      0,
      deployer,
      MaxUint256,
    ];
    await send(`mint position ${pool.name}`, {
      to: positionManager,
      data: npmIface.encodeFunctionData('mint', [mintParams]) as Hex,
    });
    const address = getAddress(
      await call<string>(v3Factory, v3FactoryIface, 'getPool', [token0, token1, pool.fee]),
    ) as Hex;
    v3Pools[pool.name] = { address, fee: pool.fee };
  }

  // 6. Vault: a real deposit, then donated USDC as yield so one share is worth more than one asset unit.
  const vaultIface = new Interface(compiled.DevnetVault.abi as InterfaceAbi);
  await send('approve vault', {
    to: usdc,
    data: erc20.encodeFunctionData('approve', [vault, PLAN_VAULT_DEPOSIT]) as Hex,
  });
  await send('vault deposit', {
    to: vault,
    data: vaultIface.encodeFunctionData('deposit', [PLAN_VAULT_DEPOSIT, deployer]) as Hex,
  });
  await send('vault yield', {
    to: usdc,
    data: erc20.encodeFunctionData('transfer', [vault, PLAN_VAULT_YIELD]) as Hex,
  });

  // 7. Scenario tokens, deployed last so that every address above stays what it was: SWITCH (transfers can be
  //    switched off) and THIN (a 0.5 WETH pool) with V2 pairs, LONE with no pool at all.
  tokens.switchable = {
    address: await deploy('SwitchableToken', compiledArtifact('SwitchableToken')),
    ...PLAN_SWITCHABLE,
  };
  for (const [key, plan] of [
    ['thin', PLAN_THIN],
    ['lonely', PLAN_LONELY],
  ] as const) {
    tokens[key] = {
      address: await deploy(plan.symbol, compiledArtifact('DevnetToken'), [
        plan.name,
        plan.symbol,
        plan.decimals,
      ]),
      ...plan,
    };
  }
  await fund(neededFor(PLAN_LATE_V2_POOLS), [v2Router]);
  const lateV2Pools: Record<string, Hex> = {};
  for (const pool of PLAN_LATE_V2_POOLS) lateV2Pools[pool.name] = await seedV2Pool(pool);
  await primeV2Pairs(lateV2Pools);
  Object.assign(v2Pools, lateV2Pools);

  // 8. An OpenZeppelin ERC-721 for operator approvals, deployed after everything else (no address above moves).
  const collectible = await deploy('DevnetCollectible', compiledArtifact('DevnetCollectible'), [
    PLAN_COLLECTIBLE.name,
    PLAN_COLLECTIBLE.symbol,
  ]);

  // 9. BTAX: a 90% buy tax (burned from whoever receives out of its flagged pair) and no sell tax, with its V2 pair.
  //    Deployed after everything else, so no address above moves.
  tokens.buyTax = {
    address: await deploy('BuyTaxToken', compiledArtifact('BuyTaxToken')),
    ...PLAN_BUY_TAX,
  };
  await fund(neededFor(PLAN_BUY_TAX_V2_POOLS), [v2Router]);
  const buyTaxV2Pools: Record<string, Hex> = {};
  for (const pool of PLAN_BUY_TAX_V2_POOLS) buyTaxV2Pools[pool.name] = await seedV2Pool(pool);
  await primeV2Pairs(buyTaxV2Pools);
  Object.assign(v2Pools, buyTaxV2Pools);
  // 10. The two-chain bridge (the same address on every devnet chain), deployed after everything else, and its
  //     liquidity: it pays fills out of its own balance. The relayer is not one of anvil's accounts.
  const devnetBridge = await deploy('DevnetBridge', compiledArtifact('DevnetBridge'), [
    DEVNET_BRIDGE_RELAYER.address,
  ]);
  for (const key of ['usdc', 'dai', 'wbtc'] as const) {
    await send(`bridge liquidity ${key}`, {
      to: addressOf(key),
      data: erc20.encodeFunctionData('mint', [devnetBridge, PLAN_BRIDGE_LIQUIDITY[key]]) as Hex,
    });
  }
  await rpc.request('anvil_setBalance', [devnetBridge, `0x${PLAN_BRIDGE_LIQUIDITY.native.toString(16)}`]);
  await rpc.request('anvil_setBalance', [
    DEVNET_BRIDGE_RELAYER.address,
    `0x${PLAN_RELAYER_BALANCE.toString(16)}`,
  ]);

  // 11. Two more USDC vaults, deployed after everything else (no address above moves), each seeded with a real
  //     deposit so its supply is not near-empty: one with a 2% entry / 0.5% exit fee, one capped at 1,000 USDC with
  //     500 USDC in it (maxDeposit 500 USDC).
  const metadata = (plan: { name: string; symbol: string; decimals: number }) => ({
    name: plan.name,
    symbol: plan.symbol,
    decimals: plan.decimals,
  });
  const feeVault = await deploy('DevnetFeeVault', compiledArtifact('DevnetFeeVault'), [
    usdc,
    PLAN_FEE_VAULT.name,
    PLAN_FEE_VAULT.symbol,
    PLAN_FEE_VAULT.entryFeeBps,
    PLAN_FEE_VAULT.exitFeeBps,
    deployer,
  ]);
  tokens.feeVault = { address: feeVault, ...metadata(PLAN_FEE_VAULT) };
  const cappedVault = await deploy('DevnetCappedVault', compiledArtifact('DevnetCappedVault'), [
    usdc,
    PLAN_CAPPED_VAULT.name,
    PLAN_CAPPED_VAULT.symbol,
    PLAN_CAPPED_VAULT.cap,
  ]);
  tokens.cappedVault = { address: cappedVault, ...metadata(PLAN_CAPPED_VAULT) };
  for (const [name, target, amount] of [
    ['fee vault', feeVault, PLAN_FEE_VAULT.seedDeposit],
    ['capped vault', cappedVault, PLAN_CAPPED_VAULT.seedDeposit],
  ] as const) {
    await send(`mint usdc for ${name}`, {
      to: usdc,
      data: erc20.encodeFunctionData('mint', [deployer, amount]) as Hex,
    });
    await send(`approve ${name}`, {
      to: usdc,
      data: erc20.encodeFunctionData('approve', [target, amount]) as Hex,
    });
    await send(`${name} deposit`, {
      to: target,
      data: vaultIface.encodeFunctionData('deposit', [amount, deployer]) as Hex,
    });
  }
  // 12. Pricing depth and history, after everything above (no earlier address moves). Each PLAN_DEPTH_TOP_UPS pool
  //     gets more liquidity at its own price (V2: both tokens sent to the pair, then `mint`, the flagged pairs
  //     unflagged meanwhile; V3: one more full-range position), and every V3 pool gets observation slots.
  const topUpWeth = PLAN_DEPTH_TOP_UPS.reduce((sum, pool) => sum + pool.amountA, 0n);
  await rpc.request('anvil_setBalance', [deployer, `0x${(ACCOUNT_BALANCE + topUpWeth).toString(16)}`]);
  await send('wrap ETH (depth)', {
    to: weth,
    data: wethIface.encodeFunctionData('deposit', []) as Hex,
    value: topUpWeth,
  });
  const pairMintIface = new Interface(['function mint(address to) returns (uint256)']);
  for (const pool of PLAN_DEPTH_TOP_UPS) {
    const token = addressOf(pool.tokenB);
    await send(`mint ${pool.tokenB} (depth)`, {
      to: token,
      data: erc20.encodeFunctionData('mint', [deployer, pool.amountB]) as Hex,
    });
    if (pool.protocol === 'v2') {
      const pair = v2Pools[pool.name]!;
      const flagged = pool.tokenB === 'honeypot' || pool.tokenB === 'highTax';
      const flag = (on: boolean) =>
        send(`${on ? 'flag' : 'unflag'} ${pool.name}`, {
          to: token,
          data: honeypotIface.encodeFunctionData('setPair', [pair, on]) as Hex,
        });
      if (flagged) await flag(false);
      for (const [asset, amount] of [
        [weth, pool.amountA],
        [token, pool.amountB],
      ] as const) {
        await send(`deepen ${pool.name}`, {
          to: asset,
          data: erc20.encodeFunctionData('transfer', [pair, amount]) as Hex,
        });
      }
      await send(`deepen ${pool.name}`, {
        to: pair,
        data: pairMintIface.encodeFunctionData('mint', [deployer]) as Hex,
      });
      if (flagged) await flag(true);
    } else {
      const aFirst = BigInt(weth) < BigInt(token);
      const spacing = TICK_SPACING[pool.fee ?? 3000]!;
      await send(`deepen ${pool.name}`, {
        to: positionManager,
        data: npmIface.encodeFunctionData('mint', [
          [
            aFirst ? weth : token,
            aFirst ? token : weth,
            pool.fee,
            Math.ceil(MIN_TICK / spacing) * spacing,
            Math.floor(MAX_TICK / spacing) * spacing,
            aFirst ? pool.amountA : pool.amountB,
            aFirst ? pool.amountB : pool.amountA,
            0,
            0,
            deployer,
            MaxUint256,
          ],
        ]) as Hex,
      });
    }
  }
  const oracleIface = new Interface(['function increaseObservationCardinalityNext(uint16)']);
  for (const [name, pool] of Object.entries(v3Pools)) {
    await send(`observation slots ${name}`, {
      to: pool.address,
      data: oracleIface.encodeFunctionData('increaseObservationCardinalityNext', [
        PLAN_OBSERVATION_CARDINALITY,
      ]) as Hex,
    });
  }

  // 13. Back to the wall clock (step 0 ran the deployment in the past).
  const last = await rpc.request<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
  await rpc.request('evm_setNextBlockTimestamp', [
    Math.max(Math.floor(Date.now() / 1000), Number(BigInt(last.timestamp)) + 1),
  ]);
  await rpc.request('evm_mine', []);

  // 14. Every account ends with exactly 10,000 ETH (the deployer paid gas and wrapped ETH).
  await rpc.request('anvil_setBalance', [deployer, `0x${ACCOUNT_BALANCE.toString(16)}`]);

  return {
    chainId,
    accounts: ANVIL_ACCOUNTS.map((account) => ({ ...account })),
    contracts: {
      weth,
      multicall3: MULTICALL3_ADDRESS,
      uniswapV2Factory: v2Factory,
      uniswapV2Router02: v2Router,
      uniswapV3Factory: v3Factory,
      uniswapV3SwapRouter: swapRouter,
      uniswapV3QuoterV2: quoterV2,
      uniswapV3PositionManager: positionManager,
      devnetBridge,
    },
    tokens: {
      usdc: tokens.usdc!,
      dai: tokens.dai!,
      wbtc: tokens.wbtc!,
      honeypot: tokens.honeypot,
      feeToken: tokens.feeToken,
      highTax: tokens.highTax,
      switchable: tokens.switchable,
      thin: tokens.thin!,
      lonely: tokens.lonely!,
      vault: tokens.vault,
      buyTax: tokens.buyTax,
      feeVault: tokens.feeVault,
      cappedVault: tokens.cappedVault,
    },
    pools: { v2: v2Pools, v3: v3Pools },
    nfts: { collectible: { address: collectible, ...PLAN_COLLECTIBLE } },
  };
}
