import type { RpcClient } from '../createRpcClient.js';
import { DeploymentError } from '../errors/DeploymentError.js';

type Hex = `0x${string}`;

export interface SendTransactionParameters {
  rpc: RpcClient;
  /** Label for errors, e.g. `deploy WETH9`. */
  step: string;
  /** An account anvil holds unlocked (one of the default dev accounts). */
  from: Hex;
  to?: Hex | undefined;
  data: Hex;
  value?: bigint | undefined;
  /** How long to wait for the receipt (default 30 s; interval mining may delay it). */
  timeoutMs?: number | undefined;
}

export interface SendTransactionReturnType {
  hash: Hex;
  contractAddress: Hex | null;
}

/**
 * Sends a transaction from an account anvil holds unlocked (`eth_sendTransaction`, anvil signs) and waits
 * for a successful receipt. A revert or a missing receipt is a {@link DeploymentError}.
 */
export async function sendTransaction(
  parameters: SendTransactionParameters,
): Promise<SendTransactionReturnType> {
  const { rpc, step } = parameters;
  const tx = {
    from: parameters.from,
    ...(parameters.to ? { to: parameters.to } : {}),
    data: parameters.data,
    ...(parameters.value ? { value: `0x${parameters.value.toString(16)}` } : {}),
  };
  let hash: Hex;
  try {
    // Estimate against the pending block (next timestamp) and add 50%: anvil's own estimate uses the latest
    // block's timestamp, and Uniswap pairs/pools write more storage when the timestamp moves.
    const estimate = BigInt(await rpc.request<Hex>('eth_estimateGas', [tx, 'pending']));
    const gas = `0x${((estimate * 3n) / 2n).toString(16)}`;
    hash = await rpc.request<Hex>('eth_sendTransaction', [{ ...tx, gas }]);
  } catch (error) {
    throw new DeploymentError(step, (error as Error).message, error);
  }
  const deadline = Date.now() + (parameters.timeoutMs ?? 30_000);
  for (;;) {
    const receipt = await rpc.request<{ status?: string; contractAddress?: Hex | null } | null>(
      'eth_getTransactionReceipt',
      [hash],
    );
    if (receipt) {
      if (receipt.status !== '0x1') throw new DeploymentError(step, `transaction ${hash} reverted`);
      return { hash, contractAddress: receipt.contractAddress ?? null };
    }
    if (Date.now() > deadline) throw new DeploymentError(step, `no receipt for ${hash}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
