/** What the demo's "Try:" lines are made of. */
export interface DemoLinesParameters {
  readonly url: string;
  readonly apiKey: string;
  /** This run's name (its data directory's): every `Idempotency-Key` printed is new at every run. */
  readonly runId: string;
  readonly honeypot: string;
  readonly vault: string;
}

/**
 * The ready `curl` lines of `pnpm demo`: reads, a swap, the vault's yield and a compound. Every line names its chain,
 * so they work as printed also when `--bridge` configures a second chain; every POST carries a key of this run only
 * (a key of an earlier run would replay an answer from a devnet that is gone).
 *
 * @example
 * ```ts
 * demoLines({ url, apiKey, runId: '20261129-021344-31337-5dc223ec41', honeypot, vault });
 * ```
 */
export function demoLines(p: DemoLinesParameters): string[] {
  const get = (path: string) => `  curl -s -H "X-API-Key: ${p.apiKey}" "${p.url}${path}"`;
  const post = (path: string, key: string, body: unknown) =>
    `  curl -s -X POST -H "X-API-Key: ${p.apiKey}" -H "Content-Type: application/json" -H "Idempotency-Key: demo-${p.runId}-${key}" -d '${JSON.stringify(body)}' "${p.url}${path}"`;
  return [
    'Try:',
    get('/wallet/info?chain=devnet'),
    get(`/security/token?chain=devnet&address=${p.honeypot}`),
    get('/governor/status'),
    get('/portfolio/?chains=devnet'),
    get('/gas/recommendation?chain=devnet'),
    get('/swap/tokens?chain=devnet'),
    get('/swap/quote?chain=devnet&tokenIn=ETH&tokenOut=USDC&amountIn=0.01'),
    '',
    'Swap 0.01 ETH for USDC on the devnet (a real transaction through the execution gateway):',
    post('/swap/execute', 'swap', { chain: 'devnet', tokenIn: 'ETH', tokenOut: 'USDC', amountIn: '0.01' }),
    '',
    'Yield: the devnet vault has 31 days of share-price samples (made at start), so its APY is measured:',
    get('/yield/opportunities?chain=devnet&source=onchain'),
    get('/yield/best?chain=devnet&asset=USDC&amount=100&source=onchain'),
    'Deposit 100 of the wallet’s 1000 devnet USDC into the vault when the yield pays for the gas (approval + deposit):',
    post('/yield/compound', 'compound', { chain: 'devnet', vault: p.vault, amount: '100' }),
    get('/yield/portfolio?chains=devnet'),
    '',
  ];
}
