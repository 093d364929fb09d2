import { devnetTokenList } from '@org/chain-evm';
import {
  buyTaxTokenAbi,
  mintToken,
  type StartDevnetReturnType,
  startDevnet,
  switchableTokenAbi,
  waitMined,
} from '@org/devnet';
import { Contract, formatUnits, Interface, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GovernorStatusDto } from '../src/dto/governor.js';
import type { SwapExecutionDto } from '../src/dto/swap.js';
import { startTestServer, type TestServer } from './helpers/startTestServer.js';
import { until } from './helpers/until.js';

// POST /swap/execute end to end on the devnet: every effect is read from the chain with a separate provider.
let devnet: StartDevnetReturnType;
let server: TestServer;
let reader: JsonRpcProvider;
let wallet: `0x${string}`;
const erc20 = [
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address,address) view returns (uint256)',
];

beforeAll(async () => {
  devnet = await startDevnet();
  const c = devnet.manifest.contracts;
  const account = devnet.manifest.accounts[2]!;
  wallet = account.address;
  reader = new JsonRpcProvider(devnet.rpcUrl, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  server = await startTestServer(
    {
      RPC_URL_DEVNET: devnet.rpcUrl,
      UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
      UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
      WALLET_PRIVATE_KEY: account.privateKey,
      GOPLUS_BASE_URL: 'http://127.0.0.1:9',
      DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
      PROVIDER_TIMEOUT_MS: '200',
      GOVERNOR_MAX_PER_TX: '0.05',
      GOVERNOR_DAILY_LIMIT: '0.5',
      RECEIPT_TIMEOUT_MS: '10000',
    },
    { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
  );
});
afterAll(async () => {
  reader?.destroy();
  await server?.close();
  await devnet?.stop();
});

const balanceOf = async (token: string) =>
  (await new Contract(token, erc20, reader).getFunction('balanceOf')(wallet)) as bigint;
const post = (body: unknown, headers: Record<string, string> = {}) =>
  server.call('/swap/execute', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('POST /swap/execute', () => {
  it('ETH → USDC: 200 confirmed; what the chain says arrived equals amountReceived, at least amountOutMin', async () => {
    const usdc = devnet.manifest.tokens.usdc.address;
    const before = await balanceOf(usdc);
    const quote = (await (
      await server.call('/swap/quote?tokenIn=ETH&tokenOut=USDC&amountIn=0.01&slippageBps=100')
    ).json()) as {
      amountOutMin: { amountBase: string };
    };
    const res = await post({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01', slippageBps: 100 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapExecutionDto;
    expect(body.execution.status).toBe('confirmed');
    expect(body.approval).toBeNull();
    const arrived = (await balanceOf(usdc)) - before;
    expect(body.amountReceived?.amountBase).toBe(arrived.toString());
    expect(arrived).toBeGreaterThanOrEqual((BigInt(quote.amountOutMin.amountBase) * 99n) / 100n);
    expect((await reader.getTransactionReceipt(body.execution.txHash as string))?.status).toBe(1);
  });

  it('USDC → ETH: an exact approval first, then the swap; the allowance left behind is exactly 0', async () => {
    const { usdc } = devnet.manifest.tokens;
    await mintToken({ devnet, token: usdc, to: wallet, amount: 200_000_000n });
    const ethBefore = await reader.getBalance(wallet);
    const res = await post({ tokenIn: 'USDC', tokenOut: 'ETH', amountIn: '100' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapExecutionDto;
    expect(body.approval?.status).toBe('confirmed');
    expect(body.execution.status).toBe('confirmed');
    const router = body.execution.to;
    expect(await new Contract(usdc.address, erc20, reader).getFunction('allowance')(wallet, router)).toBe(0n);
    const fees = BigInt(body.execution.fee?.wei ?? '0') + BigInt(body.approval?.fee?.wei ?? '0');
    const gained = (await reader.getBalance(wallet)) - ethBefore + fees;
    expect(body.amountReceived?.amountBase).toBe(gained.toString());
  });

  it('USDC → DAI and WBTC → DAI (two hops through WETH): amountOutMin holds, arrivals match the chain, allowances end at 0', async () => {
    const { usdc, wbtc, dai } = devnet.manifest.tokens;
    await mintToken({ devnet, token: usdc, to: wallet, amount: 50_000_000n });
    await mintToken({ devnet, token: wbtc, to: wallet, amount: 100_000n }); // 0.001 WBTC
    const wbtcQuote = (await (
      await server.call('/swap/quote?tokenIn=WBTC&tokenOut=DAI&amountIn=0.001')
    ).json()) as {
      route: { path: string[] };
    };
    // No WBTC/DAI pool exists on the devnet: the best route goes through WETH.
    expect(wbtcQuote.route.path.map((a) => a.toLowerCase())).toEqual(
      [wbtc.address, devnet.manifest.contracts.weth, dai.address].map((a) => a.toLowerCase()),
    );
    for (const [tokenIn, amountIn, token] of [
      ['USDC', '25', usdc.address],
      ['WBTC', '0.001', wbtc.address],
    ] as const) {
      const quote = (await (
        await server.call(`/swap/quote?tokenIn=${tokenIn}&tokenOut=DAI&amountIn=${amountIn}&slippageBps=100`)
      ).json()) as { amountOutMin: { amountBase: string } };
      const before = await balanceOf(dai.address);
      const res = await post({ tokenIn, tokenOut: 'DAI', amountIn, slippageBps: 100 });
      expect(res.status).toBe(200);
      const body = (await res.json()) as SwapExecutionDto;
      const arrived = (await balanceOf(dai.address)) - before;
      expect(body.amountReceived?.amountBase).toBe(arrived.toString());
      expect(arrived).toBeGreaterThanOrEqual(BigInt(quote.amountOutMin.amountBase));
      const allowance = await new Contract(token, erc20, reader).getFunction('allowance')(
        wallet,
        body.execution.to,
      );
      expect(allowance).toBe(0n);
    }
  });

  it('selling the fee-on-transfer token (bought first): the V2 fee-supporting function, what arrives matches the chain', async () => {
    const fee = devnet.manifest.tokens.feeToken.address;
    const bought = await post({ tokenIn: 'ETH', tokenOut: fee, amountIn: '0.01' });
    expect(bought.status).toBe(200);
    const held = await balanceOf(fee);
    expect(held).toBeGreaterThan(0n);
    const sellAmount = held / 2n;
    const ethBefore = await reader.getBalance(wallet);
    const res = await post({ tokenIn: fee, tokenOut: 'ETH', amountIn: formatUnits(sellAmount, 18) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SwapExecutionDto;
    const tx = await reader.getTransaction(body.execution.txHash as string);
    const v2 = new Interface([
      'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
    ]);
    expect(tx?.data.slice(0, 10)).toBe(
      v2.getFunction('swapExactTokensForETHSupportingFeeOnTransferTokens')?.selector,
    );
    expect(await balanceOf(fee)).toBe(held - sellAmount);
    const fees = BigInt(body.execution.fee?.wei ?? '0') + BigInt(body.approval?.fee?.wei ?? '0');
    expect(body.amountReceived?.amountBase).toBe(
      ((await reader.getBalance(wallet)) - ethBefore + fees).toString(),
    );
  });

  it('selling a token whose only pool is thin → 422 NO_ROUTE (a pool too shallow to price cannot carry the swap), nothing sent', async () => {
    // The same depth rule decides pricing and routing: the quote finds no route, so the gateway is never asked.
    // (A sale routed elsewhere of a token priced only through thin pools is VALUE_UNKNOWN: pricing-attack.e2e.)
    const thin = devnet.manifest.tokens.thin;
    await mintToken({ devnet, token: thin, to: wallet, amount: 10n ** 18n });
    const nonce = await reader.getTransactionCount(wallet);
    const res = await post({ tokenIn: thin.address, tokenOut: 'ETH', amountIn: '1' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('NO_ROUTE');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
  });

  it('buying a token with no pool → 422 NO_ROUTE, nothing reserved or sent', async () => {
    const nonce = await reader.getTransactionCount(wallet);
    const res = await post({
      tokenIn: 'ETH',
      tokenOut: devnet.manifest.tokens.lonely.address,
      amountIn: '0.01',
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('NO_ROUTE');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
    const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(status.openReservations).toEqual([]);
  });

  it('above the per-transaction cap → 403 with the governor’s code, the wallet nonce unchanged', async () => {
    const nonce = await reader.getTransactionCount(wallet);
    const res = await post({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.06' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'PER_TX_LIMIT_EXCEEDED',
      executionId: expect.any(String),
    });
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
  });

  it('buying the honeypot → 403 TOKEN_UNSAFE, nothing sent', async () => {
    const nonce = await reader.getTransactionCount(wallet);
    const res = await post({ tokenIn: 'ETH', tokenOut: 'HONEY', amountIn: '0.01', maxSellTaxBps: 10_000 });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('TOKEN_UNSAFE');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
  });

  it('buying the 0% sell / 90% buy tax token → 403 TOKEN_BUY_TAX_TOO_HIGH before anything is signed or reserved', async () => {
    const { buyTax } = devnet.manifest.tokens;
    const nonce = await reader.getTransactionCount(wallet);
    const before = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    const res = await post({ tokenIn: 'ETH', tokenOut: buyTax.address, amountIn: '0.01' });
    expect(res.status).toBe(403);
    const problem = (await res.json()) as { code: string; detail: string; executionId: string };
    expect(problem.code).toBe('TOKEN_BUY_TAX_TOO_HIGH');
    expect(problem.detail).toContain('90% buy tax');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
    expect(await reader.getTransactionCount(wallet, 'pending')).toBe(nonce);
    expect(await balanceOf(buyTax.address)).toBe(0n);
    const after = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    expect(after.openReservations).toEqual([]);
    expect(after.spent.daily.total.wei).toBe(before.spent.daily.total.wei);
    const record = (await (await server.call(`/executions/${problem.executionId}`)).json()) as {
      status: string;
      transactions: unknown[];
    };
    expect(record).toMatchObject({ status: 'blocked', transactions: [] });
    // The request's limit is the buy limit: a sell limit of 100% does not let it through.
    const again = await post({
      tokenIn: 'ETH',
      tokenOut: buyTax.address,
      amountIn: '0.01',
      maxSellTaxBps: 10_000,
    });
    expect(((await again.json()) as { code: string }).code).toBe('TOKEN_BUY_TAX_TOO_HIGH');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce);
  });

  it('a 3% buy tax (under the limit): bought through the V2 fee-on-transfer function; amountReceived is what stayed, at least the minimum', async () => {
    const { buyTax } = devnet.manifest.tokens;
    const owner = new Wallet(devnet.manifest.accounts[0]!.privateKey, reader);
    const token = new Contract(buyTax.address, buyTaxTokenAbi, owner);
    await waitMined(token.getFunction('setBuyTaxBps')(300));
    // A fresh provider for the chain's word on balances (not the server's, not the one that set up the test).
    const fresh = new JsonRpcProvider(devnet.rpcUrl, 31337, {
      staticNetwork: true,
      batchMaxCount: 1,
      cacheTimeout: -1,
    });
    try {
      const held = () =>
        new Contract(buyTax.address, erc20, fresh).getFunction('balanceOf')(wallet) as Promise<bigint>;
      const before = await held();
      const res = await post({
        tokenIn: 'ETH',
        tokenOut: buyTax.address,
        amountIn: '0.01',
        slippageBps: 100,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as SwapExecutionDto;
      expect(body.execution.status).toBe('confirmed');
      const tx = await fresh.getTransaction(body.execution.txHash as string);
      const v2 = new Interface([
        'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)',
      ]);
      expect(tx?.data.slice(0, 10)).toBe(
        v2.getFunction('swapExactETHForTokensSupportingFeeOnTransferTokens')?.selector,
      );
      const [amountOutMin] = v2.decodeFunctionData(
        'swapExactETHForTokensSupportingFeeOnTransferTokens',
        tx?.data as string,
      ) as unknown as [bigint];
      const arrived = (await held()) - before;
      expect(arrived).toBeGreaterThan(0n);
      expect(body.amountReceived?.amountBase).toBe(arrived.toString());
      // The minimum the router enforced on the wallet's balance is the one the gateway was told it acquires.
      expect(arrived).toBeGreaterThanOrEqual(amountOutMin);
      expect(body.execution.acquires[0]?.amount).toBe(amountOutMin.toString());
    } finally {
      fresh.destroy();
      await waitMined(token.getFunction('setBuyTaxBps')(9_000));
    }
  });

  it('a swap whose simulation reverts → 422 SIMULATION_REVERTED with the reason, no open reservation, the swap not sent', async () => {
    const { switchable } = devnet.manifest.tokens;
    const owner = new Wallet(devnet.manifest.accounts[0]!.privateKey, reader);
    await mintToken({ devnet, token: switchable, to: wallet, amount: 10n ** 18n });
    await waitMined(
      new Contract(switchable.address, switchableTokenAbi, owner).getFunction('setBlocked')(true),
    );
    try {
      const nonce = await reader.getTransactionCount(wallet);
      // Selling: what is acquired is ETH (no safety check); the router's transferFrom reverts in simulation.
      const res = await post({ tokenIn: switchable.address, tokenOut: 'ETH', amountIn: '1' });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { code: string; detail: string; executionId: string };
      expect(body.code).toBe('SIMULATION_REVERTED');
      expect(body.detail).toMatch(/TRANSFER_FROM_FAILED|TransfersBlocked|revert/i);
      const status = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
      expect(status.openReservations).toEqual([]);
      // Only the exact approval went out (approvals are not transfers); the swap itself was never sent.
      expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
      const record = (await (await server.call(`/executions/${body.executionId}`)).json()) as {
        status: string;
        transactions: unknown[];
      };
      expect(record).toMatchObject({ status: 'blocked', transactions: [] });
    } finally {
      await waitMined(
        new Contract(switchable.address, switchableTokenAbi, owner).getFunction('setBlocked')(false),
      );
    }
  });

  it('kill switch → 403 KILL_SWITCH_ENGAGED and nothing sent', async () => {
    await server.call('/governor/kill', { method: 'POST' });
    try {
      const nonce = await reader.getTransactionCount(wallet);
      const res = await post({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('KILL_SWITCH_ENGAGED');
      expect(await reader.getTransactionCount(wallet)).toBe(nonce);
    } finally {
      expect((await server.operator('/governor/unkill')).status).toBe(200);
    }
  });

  it('Idempotency-Key: a repeat returns the first answer and sends one transaction; another body → 422', async () => {
    const nonce = await reader.getTransactionCount(wallet);
    const body = { tokenIn: 'ETH', tokenOut: 'DAI', amountIn: '0.005' };
    const first = await post(body, { 'Idempotency-Key': 'key-1' });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as SwapExecutionDto;
    const again = await post(body, { 'Idempotency-Key': 'key-1' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as SwapExecutionDto).execution.id).toBe(firstBody.execution.id);
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
    const other = await post({ ...body, amountIn: '0.006' }, { 'Idempotency-Key': 'key-1' });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { code: string }).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await reader.getTransactionCount(wallet)).toBe(nonce + 1);
  });

  it('bad input → 422 before anything is reserved or sent', async () => {
    for (const body of [
      { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '-1' },
      { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01', slippageBps: 500 },
      { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01', deadlineSeconds: 5 },
      { tokenIn: 'ETH', tokenOut: 'USDC' },
      { tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01', extra: 1 },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(422);
    }
  });

  it('passes simulation, then reverts when mined (the token is switched off first) → 502 TX_REVERTED, fee committed, never success', async () => {
    const tokens = devnet.manifest.tokens as unknown as Record<string, { address: string }>;
    const switchable = tokens.switchable?.address as string;
    const owner = new Wallet(devnet.manifest.accounts[0]!.privateKey, reader);
    const before = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
    await reader.send('evm_setAutomine', [false]);
    try {
      const pending = post({ tokenIn: 'ETH', tokenOut: switchable, amountIn: '0.01' });
      // Wait until the swap is in the mempool, then switch the token off with a higher fee (anvil orders by fee).
      await until(
        'the swap in the mempool',
        async () => {
          const pool = (await reader.send('txpool_status', [])) as { pending: string };
          return BigInt(pool.pending) > 0n ? true : undefined;
        },
        { ms: 20_000, intervalMs: 25 },
      );
      const block = await reader.getBlock('latest');
      await new Contract(switchable, switchableTokenAbi, owner).getFunction('setBlocked')(true, {
        maxFeePerGas: (block?.baseFeePerGas ?? 0n) * 10n + 10n ** 11n,
        maxPriorityFeePerGas: 10n ** 11n,
      });
      await reader.send('evm_mine', []);
      const res = await pending;
      expect(res.status).toBe(502);
      const body = (await res.json()) as { code: string; txHash: string; executionId: string };
      expect(body.code).toBe('TX_REVERTED');
      expect((await reader.getTransactionReceipt(body.txHash))?.status).toBe(0);
      const record = (await (await server.call(`/executions/${body.executionId}`)).json()) as {
        status: string;
        fee: { wei: string };
      };
      expect(record.status).toBe('reverted');
      const after = (await (await server.call('/governor/status')).json()) as GovernorStatusDto;
      // Only the fee was committed: the 0.01 ETH came back with the revert.
      expect(BigInt(after.spent.daily.committed.wei) - BigInt(before.spent.daily.committed.wei)).toBe(
        BigInt(record.fee.wei),
      );
      expect(after.openReservations).toEqual([]);
    } finally {
      await reader.send('evm_setAutomine', [true]);
      await waitMined(new Contract(switchable, switchableTokenAbi, owner).getFunction('setBlocked')(false));
    }
  });

  it('the history shows every attempt, blocked ones included', async () => {
    const page = (await (await server.call('/executions?limit=100')).json()) as {
      items: { status: string; code: string | null }[];
    };
    expect(page.items.filter((e) => e.status === 'confirmed').length).toBeGreaterThanOrEqual(4);
    expect(page.items.map((e) => e.code)).toEqual(
      expect.arrayContaining(['PER_TX_LIMIT_EXCEEDED', 'TOKEN_UNSAFE', 'KILL_SWITCH_ENGAGED']),
    );
  });
});

describe('POST /swap/execute under concurrency', () => {
  it('20 concurrent swaps under a daily cap that fits exactly 5 → 5 confirmed, 15 refused, contiguous nonces, none stuck', async () => {
    const c = devnet.manifest.contracts;
    const account = devnet.manifest.accounts[6]!;
    const busy = await startTestServer(
      {
        RPC_URL_DEVNET: devnet.rpcUrl,
        UNISWAP_V2_DEVNET: `${c.uniswapV2Router02},${c.uniswapV2Factory},${c.weth}`,
        UNISWAP_V3_DEVNET: `${c.uniswapV3Factory},${c.uniswapV3SwapRouter},${c.uniswapV3QuoterV2},SwapRouter`,
        WALLET_PRIVATE_KEY: account.privateKey,
        GOPLUS_BASE_URL: 'http://127.0.0.1:9',
        DEXSCREENER_BASE_URL: 'http://127.0.0.1:9',
        PROVIDER_TIMEOUT_MS: '200',
        // Each swap is charged 0.01 ETH + its worst-case fee (well under 0.001 ETH on the devnet): 5 fit, 6 do not.
        GOVERNOR_DAILY_LIMIT: '0.055',
        RECEIPT_TIMEOUT_MS: '20000',
      },
      { swapTokens: new Map([[31337, devnetTokenList({ manifest: devnet.manifest })]]) },
    );
    try {
      const nonce = await reader.getTransactionCount(account.address);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          busy.call('/swap/execute', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 403)).toHaveLength(15);
      for (const r of answers.filter((a) => a.status === 403)) {
        expect(((await r.json()) as { code: string }).code).toBe('DAILY_LIMIT_EXCEEDED');
      }
      const bodies = await Promise.all(
        answers.filter((a) => a.status === 200).map((a) => a.json() as Promise<SwapExecutionDto>),
      );
      expect(bodies.map((b) => b.execution.nonce).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        [0, 1, 2, 3, 4].map((i) => nonce + i),
      );
      expect(await reader.getTransactionCount(account.address)).toBe(nonce + 5);
      expect(await reader.getTransactionCount(account.address, 'pending')).toBe(nonce + 5);
    } finally {
      await busy.close();
    }
  });
});
