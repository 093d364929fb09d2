import { getAddress, Interface, isAddress } from 'ethers';
import { createRpcClient } from './createRpcClient.js';
import { DeploymentError } from './errors/DeploymentError.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { sendTransaction } from './internal/sendTransaction.js';
import type { Devnet, DevnetToken } from './types.js';

/** Parameters of {@link mintToken}. */
export interface MintTokenParameters {
  /** A running devnet (only `rpcUrl` and `manifest.accounts[0]` are used). */
  devnet: Pick<Devnet, 'rpcUrl' | 'manifest'>;
  /** A devnet test token (or its address) with the open `mint(address,uint256)`. WETH has none. */
  token: DevnetToken | `0x${string}`;
  /** Recipient. */
  to: `0x${string}`;
  /** Amount in base units, at least 1 (a zero mint could not be verified). */
  amount: bigint;
  /** Time to wait for the receipt in milliseconds (default 30 000). */
  timeoutMs?: number | undefined;
}

/** Return type of {@link mintToken}. */
export interface MintTokenReturnType {
  /** Hash of the mint transaction (already mined successfully). */
  hash: `0x${string}`;
}

const mintIface = new Interface([
  'function mint(address to, uint256 amount)',
  'function balanceOf(address owner) view returns (uint256)',
]);

/**
 * Mints a devnet test token (USDC/DAI/WBTC-like, honeypot, fee token) to an address through the token's
 * open `mint` — a DEVNET-ONLY convenience to fund test accounts. Sent from `accounts[0]`, waits for success.
 *
 * @example
 * ```ts
 * import { mintToken, startDevnet } from '@org/devnet';
 * const devnet = await startDevnet();
 * await mintToken({ devnet, token: devnet.manifest.tokens.usdc, to: devnet.manifest.accounts[1]!.address, amount: 1_000n * 10n ** 6n });
 * ```
 */
export async function mintToken(parameters: MintTokenParameters): Promise<MintTokenReturnType> {
  const { devnet, token, to, amount } = parameters;
  if (typeof devnet !== 'object' || devnet === null || typeof devnet.rpcUrl !== 'string') {
    throw new InvalidParameterError('devnet', 'must be a running devnet');
  }
  const tokenAddress = typeof token === 'string' ? token : token?.address;
  if (typeof tokenAddress !== 'string' || !isAddress(tokenAddress)) {
    throw new InvalidParameterError('token', 'must be a token address or a DevnetToken');
  }
  if (typeof to !== 'string' || !isAddress(to)) throw new InvalidParameterError('to', 'must be an address');
  // Zero is refused: the balance check below is what proves the mint happened, and a zero delta proves nothing.
  if (typeof amount !== 'bigint' || amount <= 0n || amount >= 2n ** 256n) {
    throw new InvalidParameterError('amount', 'must be a bigint in [1, 2**256)');
  }
  const from = devnet.manifest.accounts[0]?.address;
  if (!from) throw new InvalidParameterError('devnet', 'manifest has no accounts');
  const target = getAddress(tokenAddress) as `0x${string}`;
  if (target === getAddress(devnet.manifest.contracts.weth)) {
    // WETH9's payable fallback would swallow the call and "succeed" without minting anything.
    throw new InvalidParameterError('token', 'WETH has no mint: wrap ETH with deposit() instead');
  }
  const rpc = createRpcClient({ url: devnet.rpcUrl });
  const step = `mint ${target}`;
  const balanceOf = async (): Promise<bigint> => {
    const data = mintIface.encodeFunctionData('balanceOf', [getAddress(to)]);
    let result: string;
    try {
      result = await rpc.request<string>('eth_call', [{ to: target, data }, 'latest']);
    } catch (error) {
      throw new DeploymentError(step, 'balanceOf failed: not an ERC-20', error);
    }
    if (typeof result !== 'string' || result.length !== 66) {
      throw new DeploymentError(step, `balanceOf returned ${String(result).slice(0, 80)}: not an ERC-20`);
    }
    return BigInt(result);
  };
  const before = await balanceOf();
  const { hash } = await sendTransaction({
    rpc,
    step,
    from,
    to: target,
    data: mintIface.encodeFunctionData('mint', [getAddress(to), amount]) as `0x${string}`,
    timeoutMs: parameters.timeoutMs,
  });
  // Fail closed: a contract whose fallback accepts the call must not look like a successful mint.
  const after = await balanceOf();
  if (after - before !== amount) {
    throw new DeploymentError(
      step,
      `balance changed by ${after - before}, expected ${amount}: no working mint`,
    );
  }
  return { hash };
}
