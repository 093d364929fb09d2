// Reading a chain through a provider with hard time-outs — after checking the node serves the chain it claims.
import { createRpcProvider, getNativeBalance, resolveChain, verifyChainId } from '@org/chain-evm';

const url = process.env['RPC_URL_BASE'];
if (url === undefined) throw new Error('set RPC_URL_BASE to a Base JSON-RPC URL');

const chain = resolveChain({ chain: 'base' });
const provider = createRpcProvider({ url, chainId: chain.id, timeoutMs: 8_000 });
await verifyChainId({ provider, chainId: chain.id }); // RPC_CHAIN_MISMATCH when the node serves another chain
const address = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const { wei, blockNumber } = await getNativeBalance({ provider, chainId: chain.id, address });
console.log(`${address} holds ${wei} wei at block ${blockNumber}`);
provider.destroy();
