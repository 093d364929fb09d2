// Examples for every 2xx JSON response of the OpenAPI document, in the shape the server answers: built from each
// response's schema, with every string leaf chosen by its property's name (devnet addresses, decimal strings for
// amounts, base-unit integers for wei and shares, real codes, ISO times) so Swagger shows a real answer instead of
// `"string"`. A string property this table does not know fails the build, so a new field arrives with its example.
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6';
const VAULT = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';
const V2_ROUTER = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const ID = '3f0c2a9e-8b1d-4c6f-9a7e-2d5b8c1e4f60';
const TX = '0x8c2f6f1e4d3b2a19c8e7d6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5';
const BLOCK = '0x4a1f0e2d3c5b6a798887766554433221100ffeeddccbbaa99887766554433221';
const AT = '2026-11-29T03:00:00.000Z';
const SOLANA_NONE = '11111111111111111111111111111111';
const MAX_UINT = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

/** String leaves by property name (any schema); `'<Schema>.<name>'` overrides one schema's. */
const STRINGS = {
  // one schema's field where the name alone is ambiguous
  'ChainDto.name': 'devnet',
  'ChainRefDto.name': 'devnet',
  'WalletInfoDto.symbol': 'ETH',
  'BalanceDto.symbol': 'ETH',
  'GasPriceDto.wei': '1500000000',
  'SwapSafetyDto.code': null,
  'SwapSafetyDto.reason': null,
  // problem+json members (inside records that carry a last error)
  type: 'about:blank',
  title: 'Unprocessable Content',
  code: 'DAILY_LIMIT_EXCEEDED',
  detail: 'This would spend 0.51 ETH of the 0.5 ETH daily limit.',
  instance: '/swap/execute',
  requestId: ID,
  error: 'RPC_UNAVAILABLE',
  fillCode: 'TOKEN_UNSAFE',
  message: 'Outgoing transfer of 0.5 ETH from demo wallet',
  warning: 'Store this private key now: it is shown once and never again.',
  // addresses
  address: WALLET,
  owner: WALLET,
  from: WALLET,
  to: USDC,
  token: USDC,
  tokenReceived: USDC,
  spender: V2_ROUTER,
  router: V2_ROUTER,
  target: V2_ROUTER,
  vault: VAULT,
  pool: VAULT,
  privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  mintAuthority: SOLANA_NONE,
  freezeAuthority: SOLANA_NONE,
  permanentDelegate: SOLANA_NONE,
  transferHookProgram: SOLANA_NONE,
  // hashes and ids
  hash: TX,
  txHash: TX,
  sourceTxHash: TX,
  destinationTxHash: TX,
  blockHash: BLOCK,
  id: ID,
  executionId: ID,
  orderId: ID,
  quoteId: ID,
  idempotencyKey: 'try-it-out-1',
  nextCursor: 'eyJvZmZzZXQiOjIwfQ',
  // chains, tokens, names
  chain: 'devnet',
  fromChain: 'devnet',
  toChain: 'devnet-b',
  key: 'dva',
  tokenIn: 'ETH',
  tokenOut: USDC,
  toToken: 'USDC',
  asset: 'USDC',
  assetSymbol: 'USDC',
  symbol: 'USDC',
  shareSymbol: 'dvUSDC',
  nativeSymbol: 'ETH',
  name: 'USD Coin',
  project: 'erc4626',
  poolMeta: 'demo vault',
  exposure: 'single',
  ilRisk: 'no',
  predictedClass: 'Stable/Up',
  tool: 'stargateV2',
  source: 'onchain',
  kind: 'large-outgoing',
  action: 'swap',
  label: 'demo wallet',
  description: 'Swap 0.01 ETH for USDC on devnet',
  note: 'checked the quote and the safety verdict',
  decidedBy: 'operator',
  version: '1.16.0',
  mode: 'all',
  dailyWindow: 'rolling-24h',
  executionStatus: 'confirmed',
  factor: 'unlimited allowance',
  field: 'ownerRenounced',
  resolution: 'on-chain read preferred over the provider',
  reason: 'measured from share-price samples over 7 days',
  apyReason: 'measured from share-price samples over 7 days',
  unpricedReason: 'no USD price for the vault asset',
  tvlUnpricedReason: 'no USD price for the vault asset',
  // decimal amounts in human units
  amount: '100',
  amountIn: '0.01',
  amountReceived: '99.9',
  amountPerFill: '0.001',
  maxTotalIn: '0.03',
  minPrice: '1500',
  maxPrice: '5000',
  maxPerTx: '0.05',
  dailyLimit: '0.5',
  sessionLimit: '1',
  minChange: '0.01',
  largeOutgoing: '0.5',
  eth: '0.0439',
  usd: '19.98',
  balance: '9999.95',
  gwei: '1.5',
  price: '2500.12',
  usdPerNative: '2500',
  value: '0',
  // whole numbers in base units (wei, token base units, shares) and other big integers
  amountBase: '100000000',
  wei: '43900000000000000',
  balanceWei: '9999950000000000000000',
  gasWei: '3150000000000000',
  assetsBase: '100000000',
  maxDeposit: MAX_UINT,
  previewShares: '99950000',
  convertShares: '99950000',
  totalSupply: '1000000000000',
  minShares: '99450000',
  sharesReceived: '99950000',
  supply: '1000000000000000',
  allowance: MAX_UINT,
  gasLimit: '210000',
  gasEstimate: '150000',
  maxFeePerGas: '2000000000',
  maxPriorityFeePerGas: '1000000000',
  ratePpb: '1200',
  numerator: '1',
  denominator: '1',
  multiplier: '1.2',
  horizonSeconds: '2592000',
  paysAfterSeconds: '604800',
  optimalIntervalSeconds: '86400',
  priceImpactBps: '12',
  // lists of strings, by the list's name
  underlyingTokens: USDC,
  rewardTokens: USDC,
  path: USDC,
  pools: '0x3c6a2E7f1bb9bD5E4A9f7cA2D3b7f0E6a1C4d8B2',
  warnings: 'owner can change the fee',
  recommendations: 'prefer a limited allowance',
  fields: 'isHoneypot',
  missing: 'buyTax',
  notChecked: 'lpLocked',
  unpricedTokens: USDC,
  failedChains: 'devnet-b',
  ethExcludedChains: 'devnet-b',
  usdMissingChains: 'devnet-b',
  allowedContracts: V2_ROUTER,
  bridges: 'stargateV2',
  tools: 'stargateV2',
};

const TIMES = new Set([
  'fetchedAt',
  'at',
  'lastSampleAt',
  'chartLastPointAt',
  'firstDepositAt',
  'signedAt',
  'createdAt',
  'updatedAt',
  'expiresAt',
  'decidedAt',
  'since',
  'lastCheckAt',
  'startedAt',
  'finishedAt',
  'nextCycleAt',
  'oldestPairCreatedAt',
  'generatedAt',
  'reservedAt',
  'windowStart',
  'sessionStartedAt',
  'firstRunAt',
  'nextRunAt',
  'scheduledAt',
  'lastTickAt',
  'freshUntil',
]);

/** Whole numbers by property name; others take the schema's minimum or 1. */
const NUMBERS = {
  chainId: 31337,
  id: 31337,
  blockNumber: 1234,
  decimals: 6,
  slippageBps: 50,
  limit: 20,
  count: 1,
  total: 1,
  apy: 4.2,
  tvlUsd: 1250000,
  fromBlock: 0,
  toBlock: 1234,
  headBlock: 1234,
  newestBlock: 1234,
  baselineBlock: 1200,
  ttlSeconds: 900,
  percentile: 50,
  historyBlocks: 20,
  averagePercent: 48.5,
  latestPercent: 52.1,
  ageSeconds: 60,
  durationSeconds: 120,
  durationMs: 84,
  intervalSeconds: 86400,
  seconds: 86400,
  buyTax: 0,
  sellTax: 0,
  safetyScore: 92,
  lossBps: 15,
  minHistoryDays: 7,
  historyDays: 7,
  maxDataAgeSeconds: 3600,
  frozenAfterHours: 48,
  maxFills: 30,
  fills: 3,
  nextSlot: 3,
  score: 3.9,
  rank: 1,
  assetDecimals: 6,
  shareDecimals: 6,
  nonce: 7,
  fromChainId: 31337,
  toChainId: 31338,
  destinationChainId: 31338,
};

/** Booleans that read `false` in an everyday answer (all others `true`). */
const FALSE = new Set([
  'killSwitch',
  'killed',
  'isHoneypot',
  'expired',
  'stale',
  'outlier',
  'unlimited',
  'paused',
]);

function resolve(spec, schema) {
  let node = schema;
  while (node?.$ref) node = spec.components.schemas[node.$ref.replace('#/components/schemas/', '')];
  return node;
}

function leafString(name, schema, where, unknown) {
  if (schema.format === 'date-time' || TIMES.has(name)) return AT;
  const scoped = `${where}.${name}`;
  const value = scoped in STRINGS ? STRINGS[scoped] : STRINGS[name];
  if (value === undefined) {
    unknown.add(`${where}.${name ?? '(item)'}`);
    return name ?? 'item';
  }
  return value;
}

/** An example value for `schema`, named `name` inside `where` (for the table of strings). */
function build(spec, schema, name, where, unknown, depth) {
  const node = resolve(spec, schema);
  if (!node || depth > 12) return null;
  const here = schema?.$ref ? schema.$ref.split('/').pop() : where;
  if (node.example !== undefined) return node.example;
  if (Array.isArray(node.enum)) return node.enum.find((v) => v !== null) ?? null;
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (!Array.isArray(node[key])) continue;
    if (key === 'allOf') {
      const merged = {};
      for (const part of node[key]) {
        const value = build(spec, part, name, here, unknown, depth + 1);
        if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(merged, value);
        else return value;
      }
      return merged;
    }
    const member = node[key].find((m) => resolve(spec, m)?.type !== undefined || m.$ref) ?? node[key][0];
    return build(spec, member, name, here, unknown, depth + 1);
  }
  switch (node.type) {
    case 'string':
      return leafString(name, node, here, unknown);
    case 'integer':
    case 'number': {
      const number = NUMBERS[name] ?? node.minimum ?? 1;
      return node.type === 'integer' ? Math.round(number) : number;
    }
    case 'boolean':
      return !FALSE.has(name);
    case 'array':
      // An item made of an `allOf` with a closed part (`additionalProperties: false`) cannot validate under
      // JSON Schema (each part refuses the others' members): show the list empty rather than an example
      // Redocly calls invalid.
      if (node.items?.allOf?.some((part) => resolve(spec, part)?.additionalProperties === false)) return [];
      return [build(spec, node.items ?? {}, name, here, unknown, depth + 1)];
    default: {
      if (!node.properties) return {};
      const out = {};
      for (const [key, value] of Object.entries(node.properties)) {
        out[key] = build(spec, value, key, here, unknown, depth + 1);
      }
      return out;
    }
  }
}

const eth = (amount, wei) => ({ eth: amount, wei });
const ETH_SPENT = { token: 'native', symbol: 'ETH', amount: '0.01', decimals: 18 };
const USDC_GOT = { token: USDC, symbol: 'USDC', amount: '24.912345', decimals: 6 };
/** A confirmed swap of 0.01 ETH for USDC, as `/executions/{id}` shows it. */
const EXECUTION = {
  status: 'confirmed',
  code: null,
  reason: null,
  nativeValue: eth('0.01', '10000000000000000'),
  spends: [ETH_SPENT],
  acquires: [USDC_GOT],
  charged: eth('0.0101', '10100000000000000'),
  fee: eth('0.000315', '315000000000000'),
  to: V2_ROUTER,
};
const GOVERNOR = {
  confirmations: { mode: 'off' },
  limits: {
    maxPerTx: eth('0.05', '50000000000000000'),
    dailyLimit: eth('0.5', '500000000000000000'),
    sessionLimit: eth('1', '1000000000000000000'),
  },
  spent: {
    session: {
      committed: eth('0.0101', '10100000000000000'),
      reserved: eth('0', '0'),
      total: eth('0.0101', '10100000000000000'),
    },
    daily: {
      committed: eth('0.0101', '10100000000000000'),
      reserved: eth('0', '0'),
      total: eth('0.0101', '10100000000000000'),
    },
  },
  remaining: {
    session: eth('0.9899', '989900000000000000'),
    daily: eth('0.4899', '489900000000000000'),
    perTx: eth('0.05', '50000000000000000'),
  },
  openReservations: [],
};
/** An active daily order buying USDC with 0.001 ETH a fill, three fills done (members that are a nullable object
 * keep an example value: Redocly's example check refuses null for a nullable `allOf`). */
const DCA_ORDER = {
  status: 'active',
  tokenIn: { symbol: 'ETH', token: 'native', decimals: 18 },
  tokenOut: { symbol: 'USDC', token: USDC, decimals: 6 },
  amountPerFill: {
    symbol: 'ETH',
    token: 'native',
    amount: '0.001',
    amountBase: '1000000000000000',
    decimals: 18,
  },
  interval: { kind: 'seconds', seconds: 86400, months: null, name: 'daily' },
  maxTotalIn: {
    symbol: 'ETH',
    token: 'native',
    amount: '0.03',
    amountBase: '30000000000000000',
    decimals: 18,
  },
  consecutiveFailures: 0,
};
const withItem = (over) => (built) => ({ ...built, items: [merge(built.items[0], over)] });

/** Whole answers of the most used operations, merged over the generated example (same shape, consistent values). */
const OPERATIONS = {
  'get /swap/quote 200': {
    amountIn: {
      symbol: 'ETH',
      token: 'native',
      amount: '0.01',
      amountBase: '10000000000000000',
      decimals: 18,
    },
    amountOut: { symbol: 'USDC', token: USDC, amount: '24.912345', amountBase: '24912345', decimals: 6 },
    amountOutMin: { symbol: 'USDC', token: USDC, amount: '24.787783', amountBase: '24787783', decimals: 6 },
    value: { eth: '0.01', wei: '10000000000000000' },
  },
  'get /executions 200': withItem(EXECUTION),
  'get /dca/orders 200': withItem(DCA_ORDER),
  'post /dca/orders 201': DCA_ORDER,
  'get /dca/orders/{order_id} 200': (built) => merge(built, { order: DCA_ORDER }),
  'get /executions/{id} 200': EXECUTION,
  'post /executions/{id}/cancel 202': {
    ...EXECUTION,
    status: 'cancelled',
    code: 'CANCELLED',
    reason: 'cancelled',
  },
  'post /swap/execute 200': (built) => merge(built, { execution: EXECUTION }),
  'post /swap/execute 202': (built) => merge(built, { execution: { ...EXECUTION, status: 'pending' } }),
  'get /governor/status 200': GOVERNOR,
  'post /governor/unkill 200': GOVERNOR,
  'put /governor/limits 200': GOVERNOR,
  'post /governor/kill 200': { ...GOVERNOR, killSwitch: true },
};

function merge(base, over) {
  if (over === undefined) return base;
  if (!over || typeof over !== 'object' || Array.isArray(over) || !base || typeof base !== 'object')
    return over;
  const out = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = merge(base[key], value);
  return out;
}

/**
 * Sets an example on every 2xx `application/json` response of `spec` (in place), built from its schema. Throws when a
 * string property has no entry in the table, so a response cannot show a placeholder.
 */
export function addResponseExamples(spec) {
  const unknown = new Set();
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || operation === null || !operation.responses) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = response.content?.['application/json'];
        if (!/^2\d\d$/.test(status) || !json?.schema) continue;
        const built = build(spec, json.schema, undefined, `${method} ${path}`, unknown, 0);
        const over = OPERATIONS[`${method} ${path} ${status}`];
        json.example = typeof over === 'function' ? over(built) : merge(built, over);
      }
    }
  }
  if (unknown.size > 0) throw new Error(`OpenAPI response examples missing for: ${[...unknown].join(', ')}`);
}
