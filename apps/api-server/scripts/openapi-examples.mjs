// Examples for every parameter and request body of the OpenAPI document, chosen to work on `pnpm demo` as they are
// (Swagger's "Try it out" fills them in): the devnet's chain, its token addresses (the same at every start) and the
// demo's wallet. Ids that only a running server hands out (a confirmation, an execution, an order, a list's cursor)
// have an example of their shape; take a real one from the list above them.
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
const VAULT = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';
const V2_ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const ID = '3f0c2a9e-8b1d-4c6f-9a7e-2d5b8c1e4f60';

/** By parameter name; `'<path> <name>'` overrides one operation's. */
const PARAMETERS = {
  chain: 'devnet',
  chains: 'devnet',
  address: WALLET,
  '/security/token address': USDC,
  owner: WALLET,
  fromBlock: 0,
  tokenIn: 'ETH',
  tokenOut: USDC,
  amountIn: '0.01',
  slippageBps: 50,
  to: USDC,
  value: '0',
  // balanceOf(wallet)
  data: `0x70a08231000000000000000000000000${WALLET.slice(2).toLowerCase()}`,
  from: WALLET,
  tier: 'standard',
  'Idempotency-Key': 'try-it-out-1',
  limit: 20,
  '/yield/compare limit': 10,
  status: 'confirmed',
  '/confirmations status': 'pending',
  '/dca/orders status': 'active',
  since: '2026-01-01T00:00:00Z',
  severity: 'high',
  includeZero: false,
  asset: 'USDC',
  project: 'erc4626',
  minApy: 1,
  minTvl: 1000000,
  stablecoin: true,
  singleExposure: true,
  exposure: 'single',
  includeOutliers: false,
  source: 'onchain',
  sort: 'apy',
  amount: '100',
  fromChain: 'devnet',
  toChain: 'devnet-b',
  token: 'USDC',
  toToken: 'USDC',
  id: ID,
  order_id: ID,
  'Last-Event-ID': '0',
  lastEventId: '0',
};

/** Parameters left without an example on purpose: a value only a previous answer hands out (Swagger fills examples
 * into "Try it out", and a made-up cursor would be refused). */
const NO_EXAMPLE = new Set(['cursor']);

/** Request bodies by `'<method> <path>'`. */
const BODIES = {
  'post /swap/execute': {
    chain: 'devnet',
    tokenIn: 'ETH',
    tokenOut: USDC,
    amountIn: '0.01',
    slippageBps: 50,
  },
  'post /approval/revoke': { chain: 'devnet', token: USDC, spender: V2_ROUTER },
  'post /approval/revoke-all-unlimited': { chain: 'devnet' },
  'post /bridge/execute': {
    fromChain: 'devnet',
    toChain: 'devnet-b',
    token: 'USDC',
    toToken: 'USDC',
    amount: '100',
    slippageBps: 50,
  },
  'post /confirmations/{id}/approve': { note: 'checked the quote and the safety verdict' },
  'post /confirmations/{id}/deny': { note: 'not at this price' },
  'post /dca/orders': {
    chain: 'devnet',
    tokenIn: 'ETH',
    tokenOut: USDC,
    amountPerFill: '0.001',
    interval: 'daily',
    maxFills: 30,
    slippageBps: 50,
  },
  'put /governor/limits': { maxPerTx: '0.05', dailyLimit: '0.5', sessionLimit: null },
  'post /watcher/add': {
    chain: 'devnet',
    address: WALLET,
    label: 'demo wallet',
    thresholds: { minChange: '0.01', largeOutgoing: '0.5', alertOnApproval: true },
  },
  'post /yield/compound': { chain: 'devnet', vault: VAULT, amount: '100' },
};

/**
 * Sets an example on every parameter and JSON request body of `spec` (in place). Throws when one is missing, so a
 * new parameter cannot arrive without one.
 */
export function addExamples(spec) {
  const missing = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
      for (const parameter of operation.parameters ?? []) {
        const example = PARAMETERS[`${path} ${parameter.name}`] ?? PARAMETERS[parameter.name];
        if (NO_EXAMPLE.has(parameter.name)) continue;
        if (example === undefined) missing.push(`${method} ${path} ${parameter.name}`);
        else parameter.example = example;
      }
      const body = operation.requestBody?.content?.['application/json'];
      if (body) {
        const example = BODIES[`${method} ${path}`];
        if (example === undefined) missing.push(`${method} ${path} (body)`);
        else body.example = example;
      }
    }
  }
  if (missing.length > 0) throw new Error(`OpenAPI examples missing for: ${missing.join(', ')}`);
}
