// A token security report from GoPlus and DexScreener. Unknown is never safe: `isHoneypot` is three-valued
// (true / false / null = unknown), and `isSafe` is false unless it is `false`.
import { createDexScreenerSource, createGoPlusSource, createTokenSecurityService } from '@org/token-safety';

const service = createTokenSecurityService({
  // The chain table comes from the application's one chain registry (e.g. `chains` of @org/chain-evm).
  chains: [{ id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: 'ethereum', aliases: ['eth'] }],
  sources: [
    createGoPlusSource({ baseUrl: process.env['GOPLUS_BASE_URL'] ?? 'https://api.gopluslabs.io' }),
    createDexScreenerSource({
      baseUrl: process.env['DEXSCREENER_BASE_URL'] ?? 'https://api.dexscreener.com',
    }),
  ],
});

const usdc = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const report = await service.getReport({ chain: 'eth', address: process.argv[2] ?? usdc });
const { isSafe, riskLevel, safetyScore, tax } = report;
console.log(JSON.stringify({ isSafe, isHoneypot: tax.isHoneypot, riskLevel, safetyScore }));
// A provider outage is not an exception: it is listed in `sources` and makes the report unsafe.
for (const source of report.sources) console.log(`${source.name}: ${source.status} ${source.error ?? ''}`);
