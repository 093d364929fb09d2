// Test-only: the gateway with scripted chain-facing steps (ports of this package), a memory store and a memory
// ledger, for unit tests of the pipeline's ORDER and DECISIONS. The real steps run against the devnet elsewhere.
import { Governor, MemorySpendLedger, parseEther } from '@org/governor';
import { Transaction, Wallet } from 'ethers';
import { chains, type Address } from '../../chains/chains.js';
import { configureChains } from '../../chains/configureChains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { ActionTable } from '../actions/ActionModule.js';
import { ExecutionGateway } from '../ExecutionGateway.js';
import type {
  ExecutionGatewayParameters,
  GatewayEvent,
  GatewayReceipt,
  GatewaySteps,
} from '../gatewayTypes.js';
import { createGatewayContext } from '../pipeline/createGatewayContext.js';
import { newExecutionRecord } from '../pipeline/newExecutionRecord.js';
import { MemoryExecutionStore } from '../store/MemoryExecutionStore.js';
import type { OutstandingApprovalStore } from '../store/OutstandingApprovalStore.js';
import { v2RouterInterface } from '../../swap/swapInterfaces.js';
import type { ConfirmationStore, ExecutionIntent, FeeQuote, Hex, NonceManager } from '../types.js';

export const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const registry = configureChains({ overrides: new Map(), registry: chains });
export const GWEI = 1_000_000_000n;

/** A 32-byte hash from a number (distinct numbers, distinct hashes). */
export function testHashFor(n: number): Hex {
  return `0x${n.toString(16).padStart(64, '0')}`;
}

/** The harness wallet's address (the recipient the policy requires). */
export const WALLET = new Wallet(KEY).address as `0x${string}`;
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const DEADLINE = 4_000_000_000n;

/**
 * A V2 swap intent for the harness wallet on chain 1 (0.01 ETH → at least 1 USDC by default). Unless `data` is
 * overridden, its calldata is built from the final intent (native value or the one token spent in, the token
 * acquired out, to the wallet) so the policy's calldata check passes and the pipeline's later steps are what is
 * tested.
 */
export const swap = (overrides: Partial<ExecutionIntent> = {}): ExecutionIntent => {
  const intent: ExecutionIntent = {
    chainId: 1,
    action: 'swap',
    to: ROUTER,
    data: '0x',
    value: parseEther('0.01'),
    spends: [],
    acquires: [{ token: USDC, amount: 1n }],
    description: 'swap 0.01 ETH for USDC',
    ...overrides,
  };
  if (overrides.data !== undefined) return intent;
  const spent = intent.spends[0];
  const out = intent.acquires[0] ?? { token: USDC, amount: 1n };
  const tokenIn = spent?.token ?? WETH;
  const middle = tokenIn === WETH || out.token === WETH ? DAI : WETH;
  const data = spent
    ? v2RouterInterface.encodeFunctionData('swapExactTokensForTokens', [
        spent.amount,
        out.amount,
        [tokenIn, middle, out.token],
        WALLET,
        DEADLINE,
      ])
    : v2RouterInterface.encodeFunctionData('swapExactETHForTokens', [
        out.amount,
        [WETH, out.token],
        WALLET,
        DEADLINE,
      ]);
  return { ...intent, data: data as Hex };
};

export interface Script {
  fees?: FeeQuote;
  /** What `estimateFees` answers from its second call on (the network's fees moved while a transaction waited). */
  laterFees?: FeeQuote;
  /** The receipt's `effectiveGasPrice` (default 11 gwei) and `gasUsed` (default 100 000). */
  effectiveGasPrice?: bigint;
  gasUsed?: bigint;
  simulate?: Awaited<ReturnType<GatewaySteps['simulate']>>;
  /** What any non-empty set of amounts is worth (or a function of the amounts); null = unpriceable. */
  price?: bigint | null | ((amounts: readonly { token: string; amount: bigint }[]) => bigint | null);
  /**
   * When given, the pricing step also answers `alsoValue` (a swap's acquired minimums valued in the value step's
   * round): each amount's value. Absent, it answers none, like a port that cannot (the output is priced separately).
   */
  priceAcquired?: (amount: { token: string; amount: bigint }) => bigint | null;
  /** The token-safety verdict of every acquired token (buy tax 0 unless given). */
  safety?: { isHoneypot: boolean | null; sellTax: number | null; buyTax?: number | null; veto?: boolean };
  sendError?: Error;
  definitelyNotSent?: boolean;
  /** Receipt returned on the n-th wait (0-based), null before. */
  receiptAt?: number;
  receiptStatus?: 0 | 1;
  latestNonce?: number;
  /** What `eth_blockNumber` answers (default 100); change it between reconcile passes to let blocks go by. */
  blockNumber?: number;
  /** Strict receipt lookups throw (a node that errs or times out). */
  receiptLookupFails?: boolean;
  /** When set, the token-safety lookup waits for this promise (an execution held mid-pipeline). */
  safetyGate?: Promise<void>;
  /** Called with every raw transaction the node accepts (e.g. to engage the kill switch after the first send). */
  onSend?: (raw: Hex) => void | Promise<void>;
  /** Which hash is mined (overrides `receiptAt` for the hashes it names): e.g. only an operator's cancel. */
  mined?: (hash: Hex) => boolean;
  /**
   * Another sender of the key took nonce 7 in this block with this hash: `eth_getTransactionCount` at a block
   * number answers 7 before it and `latestNonce` from it on, and `eth_getBlockByNumber` lists it.
   */
  takenBy?: { block: number; hash: Hex; from: Address };
  /** The hash of the block receipts are mined in (default {@link BLOCK_HASH}). */
  receiptBlockHash?: Hex;
  /**
   * What `eth_getBlockByNumber` answers as the hash of a block (default: `receiptBlockHash`; null: no such block).
   * Every read is counted in `blockReads`.
   */
  chainBlockHash?: (block: number) => Hex | null;
}

/** The default hash of the harness's block 100. */
export const BLOCK_HASH: Hex = `0x${'b1'.repeat(32)}`;

/**
 * The gateway's parameters with scripted chain steps, a memory store and ledger, and recorders of what happened
 * (`calls` in order, raw transactions `sent`, audit `events`) — for {@link harness} and {@link testContext}.
 */
export function scriptedParameters(
  script: Script = {},
  settings: Record<string, unknown> = {},
  shared: {
    governor?: Governor;
    store?: MemoryExecutionStore;
    confirmations?: ConfirmationStore;
    clock?: () => number;
    actions?: ActionTable;
    /** A real token-safety service instead of the scripted verdict. */
    tokenSafety?: ExecutionGatewayParameters['tokenSafety'];
    /** The outstanding approvals (prerequisite approvals are entered here). */
    approvals?: OutstandingApprovalStore;
  } = {},
) {
  const calls: string[] = [];
  const sent: Hex[] = [];
  const blockReads: number[] = [];
  let waits = 0;
  const fees: FeeQuote = script.fees ?? {
    kind: 'eip1559',
    baseFeePerGas: 10n * GWEI,
    maxPriorityFeePerGas: GWEI,
    maxFeePerGas: 21n * GWEI,
  };
  const provider: RpcSender = {
    async send(method, params) {
      calls.push(method);
      if (method === 'eth_sendRawTransaction') {
        if (script.sendError) throw script.sendError;
        sent.push(params[0] as Hex);
        await script.onSend?.(params[0] as Hex);
        return Transaction.from(params[0] as string).hash;
      }
      if (method === 'eth_getTransactionCount') {
        const at = params[1];
        const taken = script.takenBy;
        if (taken && typeof at === 'string' && at.startsWith('0x') && Number(at) < taken.block) return '0x7';
        return `0x${(script.latestNonce ?? 0).toString(16)}`;
      }
      if (method === 'eth_getBlockByNumber' && script.takenBy && Number(params[0]) === script.takenBy.block) {
        const { hash, from } = script.takenBy;
        return { transactions: [{ hash, from, nonce: '0x7' }] };
      }
      if (method === 'eth_getBlockByNumber') {
        blockReads.push(Number(params[0]));
        const hash = script.chainBlockHash
          ? script.chainBlockHash(Number(params[0]))
          : (script.receiptBlockHash ?? BLOCK_HASH);
        return hash === null ? null : { hash, number: params[0] };
      }
      if (method === 'eth_blockNumber') return `0x${(script.blockNumber ?? 100).toString(16)}`;
      throw new Error(`unexpected ${method}`);
    },
  };
  const receiptFor = (hash: Hex, status: 0 | 1): GatewayReceipt => ({
    transactionHash: hash,
    status,
    blockNumber: 100,
    blockHash: script.receiptBlockHash ?? BLOCK_HASH,
    gasUsed: script.gasUsed ?? 100_000n,
    effectiveGasPrice: script.effectiveGasPrice ?? 11n * GWEI,
    logs: [],
  });
  const steps: GatewaySteps = {
    estimateFees: async () => {
      calls.push('fees');
      const first = !calls.slice(0, -1).includes('fees');
      return first ? fees : (script.laterFees ?? fees);
    },
    simulate: async ({ prelude }) => {
      calls.push(prelude && prelude.length > 0 ? `simulate+${prelude.length}` : 'simulate');
      return script.simulate ?? { ok: true, gasLimit: 200_000n, effects: null };
    },
    priceInNative: async ({ amounts, alsoValue }) => {
      calls.push('price');
      const also =
        script.priceAcquired === undefined || alsoValue === undefined
          ? {}
          : { alsoValued: alsoValue.map((a) => script.priceAcquired?.(a) ?? null) };
      if (amounts.length === 0) return { totalWei: 0n, reason: null, ...also };
      const price = typeof script.price === 'function' ? script.price(amounts) : script.price;
      return price === null
        ? { totalWei: null, reason: 'no usable pool', ...also }
        : { totalWei: price ?? 0n, reason: null, ...also };
    },
    waitForReceipt: async ({ hashes, timeoutMs }) => {
      calls.push('wait');
      const n = waits++;
      if (script.mined) {
        // Polls like the real step, until one of the hashes is mined or the time is up.
        const end = Date.now() + timeoutMs;
        for (;;) {
          const hash = hashes.find((h) => script.mined?.(h));
          if (hash) return receiptFor(hash, script.receiptStatus ?? 1);
          if (Date.now() >= end) return null;
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      if (script.receiptAt === undefined || n < script.receiptAt) return null;
      return receiptFor(hashes[hashes.length - 1] as Hex, script.receiptStatus ?? 1);
    },
    fetchReceipt: async ({ hash }) => {
      calls.push('fetch');
      if (script.receiptLookupFails) throw new Error('node timed out');
      // Mined from the start when the script says so; slower than any 1 ms race on purpose.
      await new Promise((r) => setTimeout(r, 5));
      if (script.mined) return script.mined(hash) ? receiptFor(hash, script.receiptStatus ?? 1) : null;
      return script.receiptAt === 0 ? receiptFor(hash, script.receiptStatus ?? 1) : null;
    },
    bumpFees: ({ previous, current, ceilingWei }) => {
      if (previous.kind !== 'eip1559') return null;
      const asked = current.kind === 'eip1559' ? current : previous;
      const up = (a: bigint, b: bigint) => ((a * 1125n) / 1000n + 1n > b ? (a * 1125n) / 1000n + 1n : b);
      const maxFeePerGas = up(previous.maxFeePerGas, asked.maxFeePerGas);
      if (maxFeePerGas > ceilingWei) return null;
      return {
        ...previous,
        maxFeePerGas,
        maxPriorityFeePerGas: up(previous.maxPriorityFeePerGas, asked.maxPriorityFeePerGas),
      };
    },
    isDefinitelyNotSent: () => script.definitelyNotSent ?? false,
  };
  let nextNonce = 7;
  const nonces: NonceManager = {
    async withNonce({ sign, send }) {
      const nonce = nextNonce;
      const result = await send(await sign(nonce), nonce);
      nextNonce++;
      return result;
    },
  };
  const events: GatewayEvent[] = [];
  const governor = shared.governor ?? new Governor({ ledger: new MemorySpendLedger() });
  const store = shared.store ?? new MemoryExecutionStore();
  const parameters: ExecutionGatewayParameters = {
    privateKey: KEY,
    chains: registry,
    provider: async () => provider,
    governor,
    tokenSafety: shared.tokenSafety ?? {
      getReport: async ({ address }) => {
        calls.push('safety');
        await script.safetyGate;
        return {
          token: address,
          tax: script.safety
            ? {
                isHoneypot: script.safety.isHoneypot,
                buyTax: script.safety.buyTax === undefined ? 0 : script.safety.buyTax,
                sellTax: script.safety.sellTax,
              }
            : { isHoneypot: false, buyTax: 0, sellTax: 0 },
          factors: script.safety?.veto ? [{ id: 'hidden-owner', veto: true, reason: 'hidden owner' }] : [],
        };
      },
    },
    store,
    ...(shared.confirmations ? { confirmations: shared.confirmations } : {}),
    ...(shared.clock ? { clock: shared.clock } : {}),
    ...(shared.actions ? { actions: shared.actions } : {}),
    ...(shared.approvals ? { approvals: shared.approvals } : {}),
    nonces,
    steps,
    settings: { receiptTimeoutMs: 50, replaceAfterMs: 10, ...settings },
    onEvent: (event) => events.push(event),
  };
  return { parameters, governor, store, calls, sent, events, blockReads };
}

/** The gateway on {@link scriptedParameters}: for tests of the pipeline's order and decisions. */
export function harness(...args: Parameters<typeof scriptedParameters>) {
  const { parameters, ...rest } = scriptedParameters(...args);
  return { gateway: new ExecutionGateway(parameters), ...rest };
}

/** The pipeline's context on {@link scriptedParameters}: for tests of one step on its own. */
export function testContext(...args: Parameters<typeof scriptedParameters>) {
  const { parameters, ...rest } = scriptedParameters(...args);
  return { ctx: createGatewayContext({ parameters, wallet: new Wallet(KEY) }), ...rest };
}

export async function openReservations(governor: Governor): Promise<number> {
  return (await governor.status()).openReservations.length;
}

/** Inserts a new `preparing` execution of `intent` (default {@link swap}) into the context's store and returns it. */
export async function insertExecution(
  ctx: ReturnType<typeof testContext>['ctx'],
  intent: ExecutionIntent = swap(),
  id = `exe-${Math.random().toString(36).slice(2)}`,
) {
  const record = newExecutionRecord({ id, at: ctx.clock(), from: ctx.address, intent, idempotencyKey: null });
  await ctx.store.insert(record);
  return record;
}
