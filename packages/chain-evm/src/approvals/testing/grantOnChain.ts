// Test-only: approvals granted directly on chain from a devnet account (never through the code under test).
// Runtime code never imports this file.
import { Contract, type JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { waitMined } from '@org/devnet';

const abi = [
  'function approve(address spender, uint256 amount) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function mint(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
];

/** A devnet account that grants approvals with plain ethers transactions, waiting for each receipt. */
export interface Granter {
  readonly address: `0x${string}`;
  approve(token: string, spender: string, amount: bigint): Promise<void>;
  setApprovalForAll(collection: string, operator: string, approved: boolean): Promise<void>;
  /** Any contract call from this account (mint, transferFrom…). */
  call(target: string, fn: string, args: unknown[]): Promise<void>;
}

/**
 * Wraps a devnet private key: each method sends one transaction and waits for it to be mined with status 1.
 *
 * @example
 * ```ts
 * const owner = grantOnChain({ provider, privateKey: devnet.manifest.accounts[5]!.privateKey });
 * await owner.approve(usdc, router, 2n ** 256n - 1n);
 * ```
 */
export function grantOnChain({
  provider,
  privateKey,
}: {
  provider: JsonRpcProvider;
  privateKey: string;
}): Granter {
  const wallet = new NonceManager(new Wallet(privateKey, provider));
  const address = new Wallet(privateKey).address as `0x${string}`;
  const call = async (target: string, fn: string, args: unknown[]) => {
    const contract = new Contract(target, abi, wallet);
    const tx = await contract.getFunction(fn)(...args);
    const receipt = await waitMined(tx);
    if (receipt?.status !== 1) throw new Error(`${fn} on ${target} failed`);
  };
  return {
    address,
    approve: (token, spender, amount) => call(token, 'approve', [spender, amount]),
    setApprovalForAll: (collection, operator, approved) =>
      call(collection, 'setApprovalForAll', [operator, approved]),
    call,
  };
}
