// What a bot does with the published packages, written once and run twice: `bot.cjs` hands it the packages as
// loaded by `require`, `bot.mjs` as loaded by `import`. Prints one JSON line for the release test to check.
const { mkdtempSync } = require('node:fs');
const { join } = require('node:path');

/** Every entry of the published packages, loaded by each bot its own way. */
const ENTRIES = [
  '@org/governor',
  '@org/governor/sqlite',
  '@org/token-safety',
  '@org/chain-evm',
  '@org/chain-evm/sqlite',
  '@org/dca',
  '@org/dca/sqlite',
];

/** @param {{ fixtureServerUrl: string, packages: Record<string, any>, Database: any }} parameters */
async function runScenario({ fixtureServerUrl, packages, Database }) {
  const governor = packages['@org/governor'];
  const governorSqlite = packages['@org/governor/sqlite'];
  const tokenSafety = packages['@org/token-safety'];
  const chainEvm = packages['@org/chain-evm'];
  const chainEvmSqlite = packages['@org/chain-evm/sqlite'];
  const dca = packages['@org/dca'];
  const dcaSqlite = packages['@org/dca/sqlite'];
  const { Governor, parseEther, formatEther } = governor;
  const file = join(mkdtempSync(join(process.cwd(), 'db-')), 'bot.db');
  const policy = {
    maxPerTx: parseEther('0.05'),
    dailyLimit: parseEther('0.1'),
    sessionLimit: parseEther('1'),
  };
  const database = new Database(file);
  const bot = new Governor({ policy, ledger: new governorSqlite.SqliteSpendLedger({ database }) });

  const first = await bot.reserve({ action: 'swap', value: parseEther('0.04') });
  await bot.commit({ id: first.reservationId });
  const overPerTx = await bot.reserve({ action: 'swap', value: parseEther('0.06') });
  const held = await bot.reserve({ action: 'swap', value: parseEther('0.05') });
  const overDaily = await bot.reserve({ action: 'swap', value: parseEther('0.02') });
  await bot.release({ id: held.reservationId });
  const unknownValue = await bot.reserve({ action: 'swap', args: { token: 'USDC' } });
  await bot.kill();
  const killed = await bot.reserve({ action: 'swap', value: parseEther('0.001') });
  let confirmGate = 'accepted';
  try {
    new Governor({ requireConfirm: true });
  } catch (error) {
    confirmGate = error.code;
  }
  // The execution store of @org/chain-evm/sqlite shares the handle and owns its own tables.
  const executions = new chainEvmSqlite.SqliteExecutionStore({ database });
  const page = await executions.list({ limit: 5 });

  // A DCA order on the same file: created, filled once by the scheduler through a stand-in executor, paused.
  const dcaStore = new dcaSqlite.SqliteDcaStore({ database });
  const t0 = Date.UTC(2025, 0, 6, 9);
  const dcaService = new dca.DcaService({ store: dcaStore, maxSlippageBps: 300, now: () => t0 });
  const order = await dcaService.create({
    input: {
      chainId: 8453,
      tokenIn: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      tokenOut: '0x4200000000000000000000000000000000000006',
      amountPerFill: 25000000n,
      interval: 'weekly',
      slippageBps: 50,
    },
  });
  const executed = [];
  const scheduler = new dca.DcaScheduler({
    store: dcaStore,
    executor: {
      balance: async () => 10n ** 12n,
      quote: async ({ amountIn }) => ({
        amountOut: amountIn * 400000000n,
        valueWei: 10n ** 16n,
        worstCaseFeeWei: 1n,
      }),
      execute: async ({ idempotencyKey, amountIn }) => {
        executed.push(idempotencyKey);
        return { status: 'filled', amountIn, amountOut: amountIn * 400000000n, txHash: '0x01' };
      },
      lookup: async () => null,
    },
  });
  const firstTick = await scheduler.tick(t0 + 1000);
  await scheduler.tick(t0 + 2000); // nothing due: the slot is not filled twice
  await dcaService.pause(order.id);
  let invalidMove = 'accepted';
  try {
    await dcaService.pause(order.id);
  } catch (error) {
    invalidMove = error.code;
  }
  database.close();

  // A restart: kill switch and daily spend come back from the file.
  const reopened = new Database(file);
  const restarted = new Governor({
    policy,
    ledger: new governorSqlite.SqliteSpendLedger({ database: reopened }),
  });
  const status = await restarted.status();
  const afterRestart = await restarted.reserve({ action: 'swap', value: parseEther('0.001') });
  const dcaAfterRestart = await new dcaSqlite.SqliteDcaStore({ database: reopened }).getOrder(order.id);
  reopened.close();

  // Token safety from a local server answering in GoPlus' and DexScreener's shapes (fixtures of the package).
  const reportFor = async (fixture) => {
    const service = tokenSafety.createTokenSecurityService({
      chains: [{ id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: 'ethereum' }],
      sources: [
        tokenSafety.createGoPlusSource({
          baseUrl: `${fixtureServerUrl}/${fixture}`,
          retries: 0,
        }),
        tokenSafety.createDexScreenerSource({ baseUrl: fixtureServerUrl, retries: 0 }),
      ],
    });
    const report = await service.getReport({
      chain: 1,
      address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    });
    return {
      isSafe: report.isSafe,
      isHoneypot: report.tax.isHoneypot,
      sources: report.sources.map((s) => s.status),
    };
  };

  const chain = chainEvm.resolveChain({ chain: 'base' });
  const approval = chainEvm.buildApproveTransaction({
    token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    spender: chain.contracts.uniswapV3.swapRouter,
    amount: 1n,
  });

  return {
    governor: {
      first: first.code,
      overPerTx: overPerTx.code,
      held: held.code,
      overDaily: overDaily.code,
      unknownValue: { code: unknownValue.code, value: unknownValue.value },
      killed: killed.code,
      confirmGate,
      executions: page.items.length,
      restarted: {
        killSwitch: status.killSwitch,
        spentToday: formatEther(status.spent.daily.total),
        decision: afterRestart.code,
      },
    },
    tokenSafety: {
      clean: await reportFor('clean'),
      honeypot: await reportFor('honeypot'),
      unknown: await reportFor('unknown'),
    },
    chainEvm: { chainId: chain.id, approvalSelector: approval.data.slice(0, 10), to: approval.to },
    dca: {
      created: order.status,
      firstTick: { claimed: firstTick.claimed, filled: firstTick.filled },
      executed,
      invalidMove,
      restarted: {
        status: dcaAfterRestart.status,
        pausedReason: dcaAfterRestart.pausedReason.code,
        fills: dcaAfterRestart.totals.fills,
        spent: dcaAfterRestart.totals.spent.toString(),
      },
    },
  };
}

module.exports = { ENTRIES, runScenario };
