// Test-only: approvals granted directly on chain with plain ethers transactions (never through the server), and the
// chain read back directly.
import { Contract, type JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { waitMined } from '@org/devnet';

const abi = [
  'function approve(address spender, uint256 amount) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function mint(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
];

/** Sends calls from one devnet account and waits for each receipt (status 1). */
export function granter(provider: JsonRpcProvider, privateKey: string) {
  const signer = new NonceManager(new Wallet(privateKey, provider));
  const address = new Wallet(privateKey).address as `0x${string}`;
  const call = async (target: string, fn: string, args: unknown[]) => {
    const tx = await new Contract(target, abi, signer).getFunction(fn)(...args);
    const receipt = await waitMined(tx);
    if (receipt?.status !== 1) throw new Error(`${fn} failed`);
  };
  return {
    address,
    call,
    approve: (token: string, spender: string, amount: bigint) => call(token, 'approve', [spender, amount]),
    setApprovalForAll: (collection: string, operator: string, approved: boolean) =>
      call(collection, 'setApprovalForAll', [operator, approved]),
  };
}

/** `allowance(owner, spender)` read from the chain directly. */
export function allowanceOf(
  provider: JsonRpcProvider,
  token: string,
  owner: string,
  spender: string,
): Promise<bigint> {
  return new Contract(token, abi, provider).getFunction('allowance')(owner, spender) as Promise<bigint>;
}

/** `isApprovedForAll(owner, operator)` read from the chain directly. */
export function isOperator(provider: JsonRpcProvider, collection: string, owner: string, operator: string) {
  return new Contract(collection, abi, provider).getFunction('isApprovedForAll')(
    owner,
    operator,
  ) as Promise<boolean>;
}

/** 2**256 - 1. */
export const MAX = (1n << 256n) - 1n;
