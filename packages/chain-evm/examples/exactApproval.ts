// Offline building blocks of a swap: the chain registry, an exact (never unlimited) approval for the chain's
// router, and the minimum output after slippage. Everything that signs goes through `ExecutionGateway`.
import { buildApproveTransaction, computeAmountOutMin, resolveChain } from '@org/chain-evm';

const chain = resolveChain({ chain: 'base' }); // a name, alias or id; never a fallback to chain 1
const router = chain.contracts.uniswapV3?.swapRouter;
if (router === undefined) throw new Error(`no Uniswap V3 router configured on ${chain.name}`);

const usdcOnBase = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const approval = buildApproveTransaction({ token: usdcOnBase, spender: router, amount: 25_000_000n }); // 25 USDC
const amountOutMin = computeAmountOutMin({ amountOut: 8_300_000_000_000_000n, slippageBps: 50 }); // −0.5%
console.log(
  `${chain.name} (${chain.id}): approve ${router} for 25 USDC: to ${approval.to}, data ${approval.data.slice(0, 10)}…`,
);
console.log(`amountOutMin ${amountOutMin} wei`);

try {
  resolveChain({ chain: 'mainnet-beta' });
} catch (error) {
  // Errors carry a stable `code`; discriminate on it, not on `instanceof`.
  console.log('unknown chain:', (error as { code?: string }).code); // UNSUPPORTED_CHAIN
}
