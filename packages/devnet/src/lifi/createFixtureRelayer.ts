// The fixture's relayer and GET /v1/status: reads deposits from the source chain, pays on the destination chain (or
// refunds on the source chain) with real transactions, and reports LI.FI-shaped statuses.
import { Contract, Interface, JsonRpcProvider, type Log, type TransactionReceipt, Wallet } from 'ethers';
import { devnetBridgeAbi } from '../abis.js';
import { DEVNET_BRIDGE_RELAYER } from '../constants.js';
import { waitMined } from '../waitMined.js';
import { badRequest, type FixtureAnswer, json } from './fixtureAnswers.js';
import { convertAmount, parseDecimal, usdString } from './fixtureUnits.js';
import type {
  LifiFixtureChain,
  LifiFixtureToken,
  LifiFixtureTransfer,
  LifiTransferOutcome,
} from './types.js';

type Address = `0x${string}`;
type Hex = `0x${string}`;

const bridgeIface = new Interface(devnetBridgeAbi);
const DEPOSIT_TOPIC = bridgeIface.getEvent('DevnetBridgeDeposit')!.topicHash;
const STARTED_TOPIC = bridgeIface.getEvent('LiFiTransferStarted')!.topicHash;

/** Parameters of {@link createFixtureRelayer}. */
export interface FixtureRelayerParameters {
  readonly chains: readonly LifiFixtureChain[];
  /** Status answers that say `PENDING` before the relayer acts (default 1). */
  readonly pendingPolls: number;
  /** The relayer's key (default `DEVNET_BRIDGE_RELAYER`, the devnet bridge's relayer). */
  readonly privateKey?: Hex | undefined;
  /** The outcome of a deposit whose transaction id no script named. */
  readonly defaultOutcome: () => LifiTransferOutcome;
  /** The outcome scripted for a transaction id (set when its quote was made). */
  readonly outcomeOf: (transactionId: Hex) => LifiTransferOutcome | undefined;
}

interface TransferRecord {
  transactionId: Hex;
  sourceTxHash: Hex;
  from: LifiFixtureChain;
  to: LifiFixtureChain | undefined;
  depositor: Address;
  receiver: Address;
  sendingAssetId: Address;
  amount: bigint;
  value: bigint;
  receivingAssetId: Address;
  outputAmount: bigint;
  integrator: string;
  outcome: LifiTransferOutcome;
  polls: number;
  sentAt: number;
  gasUsed: bigint;
  gasPrice: bigint;
  settlement: { txHash: Hex; chainId: number; token: Address; amount: bigint; timestamp: number } | null;
  failure: string | null;
  acting: Promise<void> | null;
}

type Lookup =
  | { kind: 'not-found' }
  | { kind: 'reverted'; chain: LifiFixtureChain; receipt: TransactionReceipt }
  | { kind: 'not-lifi'; chain: LifiFixtureChain }
  | { kind: 'deposit'; record: TransferRecord };

/** The relayer behind the fixture's `/v1/status`. */
export interface FixtureRelayer {
  status(query: Readonly<Record<string, string>>): Promise<FixtureAnswer>;
  settle(txHash: Hex): Promise<LifiFixtureTransfer>;
  transfers(): LifiFixtureTransfer[];
  close(): void;
}

/** Creates the relayer (one provider per chain with an RPC URL; actions are serialised, one at a time). */
export function createFixtureRelayer(parameters: FixtureRelayerParameters): FixtureRelayer {
  const { chains, pendingPolls } = parameters;
  const providers = new Map<number, JsonRpcProvider>();
  for (const chain of chains) {
    if (!chain.rpcUrl) continue;
    providers.set(
      chain.id,
      new JsonRpcProvider(chain.rpcUrl, chain.id, {
        staticNetwork: true,
        batchMaxCount: 1,
        cacheTimeout: -1,
      }),
    );
  }
  const records = new Map<Hex, TransferRecord>();
  let queue: Promise<unknown> = Promise.resolve();
  const serialise = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  const signer = (chainId: number) => {
    const provider = providers.get(chainId);
    if (!provider) throw new Error(`the fixture has no RPC URL for chain ${chainId}`);
    return new Wallet(parameters.privateKey ?? DEVNET_BRIDGE_RELAYER.privateKey, provider);
  };

  async function lookup(txHash: Hex, fromChain: string | undefined): Promise<Lookup> {
    const candidates = chains.filter(
      (c) =>
        providers.has(c.id) && (fromChain === undefined || String(c.id) === fromChain || c.key === fromChain),
    );
    for (const chain of candidates) {
      const provider = providers.get(chain.id)!;
      const receipt = await provider.getTransactionReceipt(txHash);
      if (!receipt) continue;
      if (receipt.status !== 1) return { kind: 'reverted', chain, receipt };
      const deposit = receipt.logs.find(
        (log) => log.address.toLowerCase() === chain.bridge.toLowerCase() && log.topics[0] === DEPOSIT_TOPIC,
      );
      const started = receipt.logs.find(
        (log) => log.address.toLowerCase() === chain.bridge.toLowerCase() && log.topics[0] === STARTED_TOPIC,
      );
      if (!deposit || !started) return { kind: 'not-lifi', chain };
      return { kind: 'deposit', record: await recordOf(chain, receipt, deposit, started) };
    }
    return { kind: 'not-found' };
  }

  async function recordOf(
    chain: LifiFixtureChain,
    receipt: TransactionReceipt,
    depositLog: Log,
    startedLog: Log,
  ): Promise<TransferRecord> {
    const deposit = bridgeIface.parseLog(depositLog)!;
    const started = bridgeIface.parseLog(startedLog)!;
    const transactionId = deposit.args.getValue('transactionId') as Hex;
    const known = records.get(transactionId);
    if (known) return known;
    const data = started.args.getValue('bridgeData') as unknown as {
      sendingAssetId: Address;
      receiver: Address;
      minAmount: bigint;
      destinationChainId: bigint;
      integrator: string;
    };
    const block = await providers.get(chain.id)!.getBlock(receipt.blockNumber);
    const record: TransferRecord = {
      transactionId,
      sourceTxHash: receipt.hash as Hex,
      from: chain,
      to: chains.find((c) => BigInt(c.id) === data.destinationChainId),
      depositor: deposit.args.getValue('depositor') as Address,
      receiver: data.receiver,
      sendingAssetId: data.sendingAssetId,
      amount: data.minAmount,
      value: deposit.args.getValue('value') as bigint,
      receivingAssetId: deposit.args.getValue('receivingAssetId') as Address,
      outputAmount: deposit.args.getValue('outputAmount') as bigint,
      integrator: data.integrator,
      outcome: parameters.outcomeOf(transactionId) ?? parameters.defaultOutcome(),
      polls: 0,
      sentAt: block?.timestamp ?? Math.floor(Date.now() / 1000),
      gasUsed: receipt.gasUsed,
      gasPrice: receipt.gasPrice,
      settlement: null,
      failure: null,
      acting: null,
    };
    records.set(transactionId, record);
    return record;
  }

  function act(record: TransferRecord): Promise<void> {
    if (record.settlement || record.failure || record.outcome.kind === 'never') return Promise.resolve();
    record.acting ??= serialise(async () => {
      const outcome = record.outcome;
      try {
        if (outcome.kind === 'fail') {
          record.failure = outcome.substatus ?? 'UNKNOWN_FAILED_ERROR';
          return;
        }
        if (outcome.kind === 'refund') {
          const hash = await send(record.from.id, 'refund', [record.transactionId]);
          record.settlement = {
            txHash: hash.hash,
            chainId: record.from.id,
            token: record.sendingAssetId,
            amount: record.amount,
            timestamp: hash.timestamp,
          };
          return;
        }
        const destination = record.to;
        if (!destination) {
          record.failure = 'UNKNOWN_FAILED_ERROR';
          return;
        }
        let token = record.receivingAssetId;
        let amount = outcome.kind === 'short' ? outcome.amount : record.outputAmount;
        if (outcome.kind === 'partial') {
          const other = destination.tokens.find(
            (t) => !/^0x0{40}$/.test(t.address) && t.address.toLowerCase() !== token.toLowerCase(),
          );
          const wanted = tokenOf(destination, token);
          token = outcome.token ?? other?.address ?? token;
          const paid = tokenOf(destination, token);
          amount =
            outcome.amount ??
            (wanted && paid
              ? convertAmount({
                  amount,
                  fromDecimals: wanted.decimals,
                  fromPrice: parseDecimal(wanted.priceUSD) ?? 0n,
                  toDecimals: paid.decimals,
                  toPrice: parseDecimal(paid.priceUSD) ?? 0n,
                })
              : amount);
        }
        const hash = await send(destination.id, 'fill', [
          record.transactionId,
          token,
          record.receiver,
          amount,
        ]);
        record.settlement = {
          txHash: hash.hash,
          chainId: destination.id,
          token,
          amount,
          timestamp: hash.timestamp,
        };
      } catch (error) {
        // A fill or refund that cannot be made (no liquidity, chain gone) fails the transfer, as LI.FI would report.
        record.failure = 'UNKNOWN_FAILED_ERROR';
        record.acting = null;
        throw error;
      }
    });
    return record.acting;
  }

  async function send(chainId: number, method: 'fill' | 'refund', args: unknown[]) {
    const chain = chains.find((c) => c.id === chainId)!;
    const contract = new Contract(chain.bridge, devnetBridgeAbi, signer(chainId));
    const receipt = await waitMined(contract.getFunction(method).send(...args) as never);
    const block = await providers.get(chainId)!.getBlock(receipt.blockNumber);
    return { hash: receipt.hash as Hex, timestamp: block?.timestamp ?? Math.floor(Date.now() / 1000) };
  }

  function statusBody(record: TransferRecord): Record<string, unknown> {
    const sendingToken = tokenOf(record.from, record.sendingAssetId);
    const nativePrice = parseDecimal(nativeOf(record.from)?.priceUSD ?? '0') ?? 0n;
    const sending = {
      txHash: record.sourceTxHash,
      txLink: `http://explorer.invalid/${record.from.key}/tx/${record.sourceTxHash}`,
      chainId: record.from.id,
      amount: record.amount.toString(),
      token: tokenJson(record.from, sendingToken, record.sendingAssetId),
      amountUSD: sendingToken
        ? usdString(record.amount, sendingToken.decimals, parseDecimal(sendingToken.priceUSD) ?? 0n)
        : '0',
      gasPrice: record.gasPrice.toString(),
      gasUsed: record.gasUsed.toString(),
      gasToken: tokenJson(record.from, nativeOf(record.from), '0x0000000000000000000000000000000000000000'),
      gasAmount: (record.gasPrice * record.gasUsed).toString(),
      gasAmountUSD: usdString(record.gasPrice * record.gasUsed, 18, nativePrice),
      value: record.value.toString(),
      timestamp: record.sentAt,
      includedSteps: [],
    };
    const base = {
      transactionId: record.transactionId,
      sending,
      lifiExplorerLink: `http://explorer.invalid/lifi/tx/${record.sourceTxHash}`,
      fromAddress: record.depositor,
      toAddress: record.receiver,
      tool: 'devnetbridge',
      metadata: { integrator: record.integrator },
      feeCosts: [],
    };
    if (record.failure) {
      return {
        ...base,
        receiving: { chainId: record.to?.id ?? record.from.id },
        status: 'FAILED',
        substatus: record.failure,
        substatusMessage: 'The transfer failed.',
      };
    }
    if (!record.settlement) {
      return {
        ...base,
        receiving: { chainId: record.to?.id ?? record.from.id },
        status: 'PENDING',
        substatus: 'WAIT_DESTINATION_TRANSACTION',
        substatusMessage: 'The bridge is waiting for the destination transaction.',
      };
    }
    const s = record.settlement;
    const chain = chains.find((c) => c.id === s.chainId)!;
    const token = tokenOf(chain, s.token);
    const substatus =
      record.outcome.kind === 'refund'
        ? 'REFUNDED'
        : record.outcome.kind === 'partial'
          ? 'PARTIAL'
          : 'COMPLETED';
    return {
      ...base,
      receiving: {
        txHash: s.txHash,
        txLink: `http://explorer.invalid/${chain.key}/tx/${s.txHash}`,
        chainId: s.chainId,
        // A short payment is reported as the full one (the provider's word; the chain says otherwise).
        amount: (record.outcome.kind === 'short' ? record.outputAmount : s.amount).toString(),
        token: tokenJson(chain, token, s.token),
        amountUSD: token ? usdString(s.amount, token.decimals, parseDecimal(token.priceUSD) ?? 0n) : '0',
        value: '0',
        timestamp: s.timestamp,
      },
      status: 'DONE',
      substatus,
      substatusMessage: {
        COMPLETED: 'The transfer is complete.',
        PARTIAL: 'The transfer was partially successful: another token than the requested one arrived.',
        REFUNDED: 'The tokens were refunded to the sender address.',
      }[substatus],
    };
  }

  function snapshot(record: TransferRecord): LifiFixtureTransfer {
    return {
      transactionId: record.transactionId,
      sourceTxHash: record.sourceTxHash,
      fromChainId: record.from.id,
      toChainId: record.to?.id ?? Number(0),
      depositor: record.depositor,
      receiver: record.receiver,
      sendingAssetId: record.sendingAssetId,
      amount: record.amount,
      receivingAssetId: record.receivingAssetId,
      outputAmount: record.outputAmount,
      outcome: record.outcome,
      polls: record.polls,
      settlementTxHash: record.settlement?.txHash ?? null,
      paid: record.settlement
        ? {
            chainId: record.settlement.chainId,
            token: record.settlement.token,
            amount: record.settlement.amount,
          }
        : null,
    };
  }

  return {
    async status(query) {
      const txHash = query['txHash'];
      if (!txHash) return badRequest('txHash is a required parameter.');
      if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return badRequest('txHash must be a transaction hash.');
      const found = await lookup(txHash as Hex, query['fromChain']);
      if (found.kind === 'not-found') return json(200, { status: 'NOT_FOUND' });
      if (found.kind === 'not-lifi') {
        return json(200, { status: 'INVALID', substatusMessage: 'The transaction is not a LI.FI transfer.' });
      }
      if (found.kind === 'reverted') {
        return json(200, {
          status: 'FAILED',
          substatus: 'UNKNOWN_FAILED_ERROR',
          substatusMessage: 'The source transaction reverted.',
          sending: { txHash, chainId: found.chain.id },
        });
      }
      const record = found.record;
      record.polls += 1;
      if (record.polls > pendingPolls) await act(record).catch(() => undefined);
      return json(200, statusBody(record));
    },
    async settle(txHash) {
      const found = await lookup(txHash, undefined);
      if (found.kind !== 'deposit') throw new Error(`no devnet bridge deposit in ${txHash} (${found.kind})`);
      await act(found.record);
      return snapshot(found.record);
    },
    transfers: () => [...records.values()].map(snapshot),
    close: () => {
      for (const provider of providers.values()) provider.destroy();
    },
  };
}

function nativeOf(chain: LifiFixtureChain): LifiFixtureToken | undefined {
  return chain.tokens.find((t) => /^0x0{40}$/.test(t.address));
}

function tokenOf(chain: LifiFixtureChain, address: string): LifiFixtureToken | undefined {
  return chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase());
}

function tokenJson(chain: LifiFixtureChain, token: LifiFixtureToken | undefined, address: string) {
  return {
    address: token?.address ?? address,
    chainId: chain.id,
    symbol: token?.symbol ?? 'UNKNOWN',
    decimals: token?.decimals ?? 18,
    name: token?.name ?? 'Unknown token',
    coinKey: token?.symbol ?? 'UNKNOWN',
    logoURI: '',
    priceUSD: token?.priceUSD ?? '0',
  };
}
