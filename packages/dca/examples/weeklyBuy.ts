// A bot's weekly buy of WETH with USDC: orders in a store, fills run by the scheduler through an executor, an
// event for every fill and every stop. The app plugs in the execution gateway's swap as the executor; here a
// stand-in fills at a fixed rate of 2,500 USDC per WETH. Time is passed in, so the bot controls the clock.
import { type DcaExecutor, DcaScheduler, DcaService, formatPrice, MemoryDcaStore } from '@org/dca';

const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const WETH = '0x4200000000000000000000000000000000000006';
const WEEK = 7 * 86_400_000;
const outFor = (amountIn: bigint) => amountIn * 400_000_000n; // 1 USDC (1e6) buys 1/2500 WETH (4e14 wei)

const executor: DcaExecutor = {
  balance: async () => 1_000_000_000n, // 1,000 USDC
  quote: async ({ amountIn }) => ({
    amountOut: outFor(amountIn),
    valueWei: outFor(amountIn),
    worstCaseFeeWei: 30_000_000_000_000n, // 0.00003 ETH: 0.3 % of a 25 USDC fill
  }),
  // The idempotency key goes to the gateway: a repeat never swaps twice.
  execute: async ({ amountIn, slot }) => ({
    status: 'filled',
    amountIn,
    amountOut: outFor(amountIn),
    txHash: `0x${slot.toString(16).padStart(64, '0')}`,
  }),
  lookup: async () => null,
};

let now = Date.UTC(2025, 0, 6, 9); // Monday 6 January 2025, 09:00 UTC
const store = new MemoryDcaStore();
const events = (e: { type: string; slot: number | null; code: string | null }) =>
  console.log(`  ${e.type} slot ${e.slot ?? '-'}${e.code ? ` (${e.code})` : ''}`);
const service = new DcaService({ store, executor, maxSlippageBps: 300, now: () => now, events });
const scheduler = new DcaScheduler({ store, executor, events });

const order = await service.create({
  input: {
    chainId: 8453,
    tokenIn: USDC,
    tokenOut: WETH,
    amountPerFill: 25_000_000n,
    interval: 'weekly',
    maxFills: 3,
    slippageBps: 50,
  },
});
console.log(`order ${order.status}, first run ${new Date(order.firstRunAt).toISOString()}`);

const week = async (label: string) => {
  console.log(label);
  await scheduler.tick(now);
  now += WEEK;
};
await week('week 1');
await service.pause(order.id);
await week('week 2 (paused: nothing runs)');
await service.resume(order.id); // from the next slot: no burst of missed fills
await week('week 3');
await week('week 4');
await week('week 5 (completed: nothing runs)');

const stats = await service.stats();
const [pair] = stats.pairs;
if (pair?.averagePrice) {
  const price = formatPrice({ price: pair.averagePrice, decimalsIn: 6, decimalsOut: 18 });
  console.log(`${pair.fills} fills, spent ${pair.spent} USDC base units, average ${price} USDC per WETH`);
}
console.log(`order ${(await service.get(order.id)).status}`);
