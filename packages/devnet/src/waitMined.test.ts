import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Contract, JsonRpcProvider, NonceManager, parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wethAbi } from './abis.js';
import { createRpcClient } from './createRpcClient.js';
import { type StartDevnetReturnType, startDevnet } from './startDevnet.js';
import { type RpcProxy, startRpcProxy } from './startRpcProxy.js';
import { waitMined } from './waitMined.js';

// The code under test reads through a proxy (which can play a node that has not mined yet); every check of the chain
// reads the node directly.
let devnet: StartDevnetReturnType;
let proxy: RpcProxy;
let provider: JsonRpcProvider;
let signer: NonceManager;
const direct = () => createRpcClient({ url: devnet.rpcUrl });

beforeAll(async () => {
  devnet = await startDevnet();
  proxy = await startRpcProxy({ upstream: devnet.rpcUrl });
  provider = new JsonRpcProvider(proxy.url, 31337, {
    staticNetwork: true,
    batchMaxCount: 1,
    cacheTimeout: -1,
  });
  signer = new NonceManager(new Wallet(devnet.manifest.accounts[6]!.privateKey, provider));
});
afterAll(async () => {
  provider?.destroy();
  await proxy?.close();
  await devnet?.stop();
});

const transfer = () => signer.sendTransaction({ to: devnet.manifest.accounts[7]!.address, value: 1n });

describe('waitMined', () => {
  it('a mined transaction → its receipt, as the node reports it', async () => {
    const sent = await transfer();
    const receipt = await waitMined(sent);
    const onChain = await direct().request<{ blockNumber: string; status: string; transactionHash: string }>(
      'eth_getTransactionReceipt',
      [sent.hash],
    );
    expect(onChain.status).toBe('0x1');
    expect(receipt.hash).toBe(onChain.transactionHash);
    expect(receipt.blockNumber).toBe(Number(onChain.blockNumber));
    expect(receipt.status).toBe(1);
  });

  it('takes the promise of a send as well', async () => {
    const receipt = await waitMined(transfer());
    expect(receipt.status).toBe(1);
  });

  it('a node that reports no receipt at first (anvil answers the send before it mines) → reads again until it does', async () => {
    // This is the interleaving that leaves ethers' tx.wait() waiting for a block that never comes on an idle chain:
    // its receipt reads find nothing while the block number it starts polling from already includes the block.
    const sent = await transfer();
    // Mined (read directly, past the proxy) before the proxy starts withholding: its "not yet" answers are then the
    // only reason to read again, and the block number below is the one the transfer landed in.
    const deadline = Date.now() + 10_000;
    while ((await direct().request('eth_getTransactionReceipt', [sent.hash])) === null) {
      if (Date.now() > deadline) throw new Error(`${sent.hash} was not mined within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const blockBefore = await direct().request<string>('eth_blockNumber');
    let withheld = 0;
    proxy.reset();
    proxy.intercept = (r) =>
      r.method === 'eth_getTransactionReceipt' && withheld++ < 3 ? { result: null } : undefined;
    try {
      const receipt = await waitMined(sent, { intervalMs: 5 });
      expect(receipt.status).toBe(1);
      expect(receipt.blockNumber).toBe(Number(blockBefore));
      expect(withheld).toBe(4);
      expect(proxy.count('eth_getTransactionReceipt')).toBe(4);
      // No block was mined to get there: the chain is as idle as it was.
      expect(await direct().request<string>('eth_blockNumber')).toBe(blockBefore);
    } finally {
      proxy.intercept = undefined;
    }
  });

  it('a transaction that is never mined → ReceiptTimeoutError naming its hash, after the time-out', async () => {
    await direct().request('evm_setAutomine', [false]);
    try {
      const sent = await transfer();
      const started = Date.now();
      const error = await waitMined(sent, { timeoutMs: 300 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'DEVNET_RECEIPT_TIMEOUT', hash: sent.hash, timeoutMs: 300 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(await direct().request('eth_getTransactionReceipt', [sent.hash])).toBeNull();
    } finally {
      await direct().request('evm_setAutomine', [true]);
      await direct().request('evm_mine');
    }
  });

  it('a node that never answers the read → ReceiptTimeoutError: each read is bounded by the time left', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const hanging = new JsonRpcProvider(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 31337, {
      staticNetwork: true,
    });
    try {
      const hash = `0x${'ab'.repeat(32)}`;
      const error = await waitMined({ hash, provider: hanging }, { timeoutMs: 300 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'DEVNET_RECEIPT_TIMEOUT', hash });
    } finally {
      hanging.destroy();
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a transaction that reverted → TransactionRevertedError with its hash and block', async () => {
    const weth = new Contract(devnet.manifest.contracts.weth, wethAbi, signer);
    // More than the account holds: WETH9 reverts. A fixed gas limit skips the estimate that would refuse it early.
    const sent = await weth.getFunction('withdraw')(parseEther('1'), { gasLimit: 100_000n });
    const error = await waitMined(sent).catch((e: unknown) => e);
    const onChain = await direct().request<{ blockNumber: string; status: string }>(
      'eth_getTransactionReceipt',
      [sent.hash],
    );
    expect(onChain.status).toBe('0x0');
    expect(error).toMatchObject({
      code: 'DEVNET_TRANSACTION_REVERTED',
      hash: sent.hash,
      blockNumber: Number(onChain.blockNumber),
    });
  });

  it('refuses a time-out that is not a positive number, and something that is not a sent transaction', async () => {
    const sent = { hash: `0x${'00'.repeat(32)}`, provider };
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(waitMined(sent, { timeoutMs })).rejects.toMatchObject({
        code: 'DEVNET_INVALID_PARAMETER',
      });
    }
    await expect(waitMined(sent, { intervalMs: -1 })).rejects.toMatchObject({
      code: 'DEVNET_INVALID_PARAMETER',
    });
    await expect(waitMined({ hash: 42 } as never)).rejects.toMatchObject({
      code: 'DEVNET_INVALID_PARAMETER',
    });
  });
});
