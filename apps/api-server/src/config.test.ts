import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const KEY = 'k'.repeat(32);

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ WEB3_API_KEY: KEY });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8000,
      networkExposed: false,
      corsAllowedOrigins: [],
      enableWalletCreate: false,
      wallet: { kind: 'none' },
      dataDir: `${process.cwd()}/.data`,
    });
    expect(config.rpcUrls.size).toBe(0);
  });

  it.each([undefined, '', '   '])('refuses to start without WEB3_API_KEY (%j)', (value) => {
    expect(() => loadConfig(value === undefined ? {} : { WEB3_API_KEY: value })).toThrow(
      /^WEB3_API_KEY: is required/,
    );
  });

  it('pricing rules: a 10 WETH depth floor and a 500 bps TWAP bound by default; the bound parsed and checked', () => {
    expect(loadConfig({ WEB3_API_KEY: KEY }).gateway).toMatchObject({
      minLiquidityWei: 10n * 10n ** 18n,
      maxTwapDeviationBps: 500,
    });
    expect(
      loadConfig({ WEB3_API_KEY: KEY, PRICING_MAX_TWAP_DEVIATION_BPS: '150' }).gateway.maxTwapDeviationBps,
    ).toBe(150);
    for (const bad of ['-1', '2.5', 'lots', '100001']) {
      expect(() => loadConfig({ WEB3_API_KEY: KEY, PRICING_MAX_TWAP_DEVIATION_BPS: bad })).toThrow(
        /^PRICING_MAX_TWAP_DEVIATION_BPS: must be an integer from 0 to 100000/,
      );
    }
  });

  it('effects: required by default, models-only on request, anything else refused; the value-loss allowance defaults to the slippage ceiling + 400 bps and never under it', () => {
    expect(loadConfig({ WEB3_API_KEY: KEY }).gateway).toMatchObject({
      effects: 'required',
      maxValueLossBps: 500,
    });
    expect(loadConfig({ WEB3_API_KEY: KEY, GATEWAY_EFFECTS: 'models-only' }).gateway.effects).toBe(
      'models-only',
    );
    for (const bad of ['off', 'MODELS-ONLY', 'none']) {
      expect(() => loadConfig({ WEB3_API_KEY: KEY, GATEWAY_EFFECTS: bad })).toThrow(
        /^GATEWAY_EFFECTS: must be/,
      );
    }
    expect(loadConfig({ WEB3_API_KEY: KEY, MAX_SLIPPAGE_BPS: '300' }).gateway.maxValueLossBps).toBe(700);
    expect(loadConfig({ WEB3_API_KEY: KEY, MAX_SLIPPAGE_BPS: '5000' }).gateway.maxValueLossBps).toBe(5_400);
    expect(loadConfig({ WEB3_API_KEY: KEY, MAX_VALUE_LOSS_BPS: '250' }).gateway.maxValueLossBps).toBe(250);
    for (const bad of ['99', '10001', '1.5']) {
      expect(() => loadConfig({ WEB3_API_KEY: KEY, MAX_VALUE_LOSS_BPS: bad })).toThrow(
        /^MAX_VALUE_LOSS_BPS: must be an integer from 100 to 10000/,
      );
    }
  });

  it('flags non-loopback hosts as network-exposed', () => {
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: '0.0.0.0' }).networkExposed).toBe(true);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: '10.1.2.3' }).networkExposed).toBe(true);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: '::1' }).networkExposed).toBe(false);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: 'localhost' }).networkExposed).toBe(false);
  });

  it('serves the console by default on loopback only; ENABLE_CONSOLE decides otherwise', () => {
    expect(loadConfig({ WEB3_API_KEY: KEY }).enableConsole).toBe(true);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: '::1' }).enableConsole).toBe(true);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: 'localhost' }).enableConsole).toBe(true);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: '0.0.0.0' }).enableConsole).toBe(false);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: '10.1.2.3' }).enableConsole).toBe(false);
    expect(loadConfig({ WEB3_API_KEY: KEY, API_HOST: '0.0.0.0', ENABLE_CONSOLE: 'true' }).enableConsole).toBe(
      true,
    );
    expect(loadConfig({ WEB3_API_KEY: KEY, ENABLE_CONSOLE: 'false' }).enableConsole).toBe(false);
    expect(() => loadConfig({ WEB3_API_KEY: KEY, ENABLE_CONSOLE: 'yes please' })).toThrow(
      /^ENABLE_CONSOLE: must be true or false/,
    );
  });

  it('parses the CORS allowlist and rejects "*"', () => {
    expect(
      loadConfig({ WEB3_API_KEY: KEY, CORS_ALLOWED_ORIGINS: 'https://a.example, http://localhost:3000' })
        .corsAllowedOrigins,
    ).toEqual(['https://a.example', 'http://localhost:3000']);
    expect(() => loadConfig({ WEB3_API_KEY: KEY, CORS_ALLOWED_ORIGINS: '*' })).toThrow(
      /^CORS_ALLOWED_ORIGINS: .*"\*"/,
    );
    expect(() => loadConfig({ WEB3_API_KEY: KEY, CORS_ALLOWED_ORIGINS: 'https://a.example,*' })).toThrow(
      /^CORS_ALLOWED_ORIGINS/,
    );
    expect(() => loadConfig({ WEB3_API_KEY: KEY, CORS_ALLOWED_ORIGINS: 'https://*.example' })).toThrow(
      /^CORS_ALLOWED_ORIGINS/,
    );
    expect(() => loadConfig({ WEB3_API_KEY: KEY, CORS_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(
      /^CORS_ALLOWED_ORIGINS/,
    );
  });

  it.each([
    ['API_HOST', 'my host'],
    ['API_PORT', '80a'],
    ['API_PORT', '70000'],
    ['API_PORT', '-1'],
    ['ENABLE_WALLET_CREATE_ENDPOINT', 'yes please'],
    ['RPC_URL_ETHEREUM', 'not a url'],
    ['RPC_URL_BASE', 'ftp://node.example'],
    ['RPC_TIMEOUT_MS', '5'],
    ['WALLET_PRIVATE_KEY', '0x1234'],
    ['WALLET_KEYSTORE_PASSWORD', undefined],
    ['LOG_LEVEL', 'loud'],
    ['GOVERNOR_MAX_PER_TX', 'nan'],
    ['GOVERNOR_MAX_PER_TX', 'NaN'],
    ['GOVERNOR_DAILY_LIMIT', '-1'],
    ['GOVERNOR_DAILY_LIMIT', 'Infinity'],
    ['GOVERNOR_SESSION_LIMIT', '1e3'],
    ['GOVERNOR_SESSION_LIMIT', '0.0000000000000000001'],
    ['GOVERNOR_DAILY_WINDOW', 'weekly'],
    ['UNISWAP_V2_DEVNET', '0x1,0x2'],
    ['GOVERNOR_MAX_PER_TX', 'true'],
    ['RPC_URL_MAINNET', 'http://127.0.0.1:8545'],
    ['UNISWAP_V2_MAINNET', '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'],
    ['UNISWAP_V3_DEVNET', '0x5FbDB2315678afecb367f032d93F642f64180aa3,0x2'],
    ['UNISWAP_V3_DEVNET', `${'0x5FbDB2315678afecb367f032d93F642f64180aa3,'.repeat(3)}SwapRouter03`],
    ['DEFAULT_CHAIN', 'atlantis'],
    ['DEFAULT_CHAIN', 'base'],
  ])('invalid %s=%j fails with a message naming the variable', (variable, value) => {
    const env: Record<string, string | undefined> = { WEB3_API_KEY: KEY, [variable]: value };
    if (variable === 'WALLET_KEYSTORE_PASSWORD') env.WALLET_KEYSTORE_PATH = '/tmp/key.json';
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable}: `));
  });

  it('never puts a secret value into an error message', () => {
    const secret = `0x${'ab'.repeat(31)}zz`;
    const error = (() => {
      try {
        loadConfig({ WEB3_API_KEY: KEY, WALLET_PRIVATE_KEY: secret });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/^WALLET_PRIVATE_KEY/);
    expect(error?.message).not.toContain('abab');
  });

  it('never echoes a CORS entry (it may carry credentials)', () => {
    expect(() =>
      loadConfig({
        WEB3_API_KEY: KEY,
        CORS_ALLOWED_ORIGINS: 'https://a.example,https://user:s3cret@b.example',
      }),
    ).toThrow(/^CORS_ALLOWED_ORIGINS: entry 2 must be a bare origin/);
    let message = '';
    try {
      loadConfig({ WEB3_API_KEY: KEY, CORS_ALLOWED_ORIGINS: 'https://user:s3cret@b.example' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^CORS_ALLOWED_ORIGINS: /);
    expect(message).not.toContain('s3cret');
  });

  it('rejects a private key and a keystore at the same time', () => {
    expect(() =>
      loadConfig({ WEB3_API_KEY: KEY, WALLET_PRIVATE_KEY: 'a'.repeat(64), WALLET_KEYSTORE_PATH: '/k.json' }),
    ).toThrow(/not both/);
  });

  it('parses governor caps exactly into wei', () => {
    const config = loadConfig({
      WEB3_API_KEY: KEY,
      GOVERNOR_MAX_PER_TX: '0.1',
      GOVERNOR_DAILY_LIMIT: '1.000000000000000001',
    });
    expect(config.governor).toEqual({
      maxPerTx: 100_000_000_000_000_000n,
      dailyLimit: 1_000_000_000_000_000_001n,
      sessionLimit: 1_000_000_000_000_000_000n,
      dailyWindow: 'rolling-24h',
    });
  });

  it('maps RPC_URL_<CHAIN> variables to chain ids', () => {
    const config = loadConfig({
      WEB3_API_KEY: KEY,
      RPC_URL_DEVNET: 'http://127.0.0.1:8545',
      RPC_URL_BASE: 'https://user:pw@base.example/rpc',
    });
    expect([...config.rpcUrls.keys()].sort((a, b) => a - b)).toEqual([8453, 31337]);
  });

  it('builds the one chain registry: built-in deployments, operator overrides, and the default chain', () => {
    const weth = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const router = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
    const factory = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
    const config = loadConfig({
      WEB3_API_KEY: KEY,
      RPC_URL_DEVNET: 'http://127.0.0.1:8545',
      RPC_URL_BASE: 'http://127.0.0.1:8546',
      UNISWAP_V2_DEVNET: `${router.toLowerCase()},${factory},${weth}`,
      UNISWAP_V3_DEVNET: `${factory},${router},${weth},SwapRouter02`,
      DEFAULT_CHAIN: '31337',
    });
    const devnet = config.chains.find((c) => c.id === 31337);
    expect(devnet?.contracts.uniswapV2).toEqual({ router02: router, factory });
    expect(devnet?.contracts.wrappedNative).toBe(weth);
    expect(devnet?.contracts.uniswapV3).toEqual({
      factory,
      swapRouter: router,
      quoterV2: weth,
      swapRouterKind: 'SwapRouter02',
    });
    // Mainnet's deployment comes from the registry, not from the app.
    expect(config.chains.find((c) => c.id === 1)?.contracts.uniswapV2?.router02).toBe(
      '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
    );
    expect(config.defaultChainId).toBe(31337);
    expect(loadConfig({ WEB3_API_KEY: KEY, RPC_URL_BASE: 'http://127.0.0.1:1' }).defaultChainId).toBe(8453);
    expect(
      loadConfig({
        WEB3_API_KEY: KEY,
        RPC_URL_BASE: 'http://127.0.0.1:1',
        RPC_URL_DEVNET: 'http://127.0.0.1:2',
      }).defaultChainId,
    ).toBeUndefined();
  });
});

describe('loadConfig: approval settings', () => {
  it('defaults, a per-chain scan start, and refusals naming the variable', () => {
    expect(loadConfig({ WEB3_API_KEY: KEY }).approvals).toEqual({
      scanStart: new Map(),
      lookbackBlocks: 1_000_000,
      maxChunkBlocks: 10_000,
      maxAgeDays: 180,
      revokeMaxPerRun: 20,
      resetIntervalMs: 15_000,
    });
    const config = loadConfig({
      WEB3_API_KEY: KEY,
      APPROVAL_SCAN_START_BASE: '2000000',
      APPROVAL_SCAN_LOOKBACK_BLOCKS: '5000',
      APPROVAL_LOG_CHUNK_BLOCKS: '500',
      APPROVAL_MAX_AGE_DAYS: '0',
      APPROVAL_REVOKE_MAX_PER_RUN: '3',
      APPROVAL_RESET_INTERVAL_MS: '500',
    });
    expect(config.approvals).toEqual({
      scanStart: new Map([[8453, 2_000_000]]),
      lookbackBlocks: 5_000,
      maxChunkBlocks: 500,
      maxAgeDays: 0,
      revokeMaxPerRun: 3,
      resetIntervalMs: 500,
    });
    for (const [variable, value] of [
      ['APPROVAL_SCAN_START_MAINNET', '1'],
      ['APPROVAL_SCAN_START_BASE', '-1'],
      ['APPROVAL_SCAN_LOOKBACK_BLOCKS', '0'],
      ['APPROVAL_LOG_CHUNK_BLOCKS', '1e3'],
      ['APPROVAL_MAX_AGE_DAYS', '40000'],
      ['APPROVAL_REVOKE_MAX_PER_RUN', '0'],
      ['APPROVAL_RESET_INTERVAL_MS', '100'],
    ] as const) {
      expect(() => loadConfig({ WEB3_API_KEY: KEY, [variable]: value })).toThrow(variable);
    }
  });
});

describe('loadConfig: PORTFOLIO_*', () => {
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  it('defaults: batches of 200, no per-chain entries (the built-in USDC route applies)', () => {
    const { portfolio } = loadConfig({ WEB3_API_KEY: KEY });
    expect(portfolio.batchSize).toBe(200);
    expect(portfolio.usdTokens.size + portfolio.tokens.size + portfolio.vaults.size).toBe(0);
  });

  it('reads batch size, USD token (or none), extra tokens and vaults per chain, checksummed and deduplicated', () => {
    const { portfolio } = loadConfig({
      WEB3_API_KEY: KEY,
      PORTFOLIO_BATCH_SIZE: '50',
      PORTFOLIO_USD_TOKEN_DEVNET: USDC.toLowerCase(),
      PORTFOLIO_USD_TOKEN_BASE: 'none',
      PORTFOLIO_TOKENS_ETHEREUM: `${USDC}, ${USDC.toLowerCase()},0x6B175474E89094C44Da98b954EedeAC495271d0F`,
      PORTFOLIO_VAULTS_DEVNET: USDC,
    });
    expect(portfolio.batchSize).toBe(50);
    expect(portfolio.usdTokens.get(31337)).toBe(USDC);
    expect(portfolio.usdTokens.get(8453)).toBeNull();
    expect(portfolio.tokens.get(1)).toEqual([USDC, '0x6B175474E89094C44Da98b954EedeAC495271d0F']);
    expect(portfolio.vaults.get(31337)).toEqual([USDC]);
  });

  it.each([
    ['PORTFOLIO_BATCH_SIZE', '0', /PORTFOLIO_BATCH_SIZE: must be an integer from 1 to 1000/],
    ['PORTFOLIO_BATCH_SIZE', '1001', /PORTFOLIO_BATCH_SIZE/],
    ['PORTFOLIO_USD_TOKEN_DEVNET', `${USDC},${USDC}`, /PORTFOLIO_USD_TOKEN_DEVNET: must be one 0x address/],
    ['PORTFOLIO_USD_TOKEN_DEVNET', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48', /checksum/],
    ['PORTFOLIO_TOKENS_DEVNET', `${USDC},,`, /PORTFOLIO_TOKENS_DEVNET: must be a comma-separated list/],
    ['PORTFOLIO_VAULTS_DEVNET', 'vault', /PORTFOLIO_VAULTS_DEVNET/],
    ['PORTFOLIO_TOKENS_MAINNET', USDC, /PORTFOLIO_TOKENS_MAINNET: unknown chain/],
  ])('%s=%s fails startup, naming the variable', (variable, value, message) => {
    expect(() => loadConfig({ WEB3_API_KEY: KEY, [variable]: value })).toThrow(message);
  });
});

describe('loadConfig: DCA_*', () => {
  it('defaults: a tick every 30 s, 5% fee share (500 bps), pause after 3 failures in a row, 4 orders at a time', () => {
    expect(loadConfig({ WEB3_API_KEY: KEY }).dca).toEqual({
      tickMs: 30_000,
      maxFeeShareBps: 500,
      maxConsecutiveFailures: 3,
      concurrency: 4,
    });
  });

  it('reads each variable; 0 disables the scheduler; the fee share is basis points and nothing else', () => {
    const config = loadConfig({
      WEB3_API_KEY: KEY,
      DCA_TICK_SECONDS: '0',
      DCA_MAX_FEE_SHARE: '250',
      DCA_MAX_CONSECUTIVE_FAILURES: '5',
      DCA_CONCURRENCY: '8',
    });
    expect(config.dca).toEqual({ tickMs: 0, maxFeeShareBps: 250, maxConsecutiveFailures: 5, concurrency: 8 });
    for (const [variable, value] of [
      ['DCA_MAX_FEE_SHARE', '0.05'],
      ['DCA_MAX_FEE_SHARE', '5%'],
      ['DCA_MAX_FEE_SHARE', '10001'],
      ['DCA_TICK_SECONDS', '-1'],
      ['DCA_MAX_CONSECUTIVE_FAILURES', '0'],
      ['DCA_CONCURRENCY', '65'],
    ] as const) {
      expect(() => loadConfig({ WEB3_API_KEY: KEY, [variable]: value })).toThrow(variable);
    }
  });
});

describe('loadConfig: YIELD_*', () => {
  const VAULT = '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82';
  it('applies the documented defaults', () => {
    expect(loadConfig({ WEB3_API_KEY: KEY }).yield).toEqual({
      defillama: {
        baseUrl: 'https://yields.llama.fi',
        apiKey: undefined,
        timeoutMs: 30_000,
        maxBodyBytes: 64 * 1024 * 1024,
      },
      poolsTtlMs: 1_800_000,
      staleMaxMs: 21_600_000,
      maxDataAgeMs: 7_200_000,
      frozenAfterMs: 48 * 3_600_000,
      minTvlUsd: 1_000_000,
      minHistoryDays: 30,
      rewardHaircutBps: 5_000,
      verifyMax: 10,
      vaults: new Map(),
      sampleIntervalMs: 3_600_000,
      compound: {
        minGainFactorBps: 30_000n,
        horizonSeconds: 30n * 86_400n,
        gasLimit: 350_000n,
        toleranceBps: 50,
        minSupplyShares: 1n,
      },
    });
  });

  it('reads every variable; vaults per chain are checksummed and deduplicated; 0 turns the sampler off', () => {
    const y = loadConfig({
      WEB3_API_KEY: KEY,
      YIELD_DEFILLAMA_BASE_URL: 'https://pro-api.llama.fi/',
      YIELD_DEFILLAMA_API_KEY: 'abc_DEF-123',
      YIELD_DEFILLAMA_TIMEOUT_MS: '5000',
      YIELD_DEFILLAMA_MAX_BODY_MB: '16',
      YIELD_POOLS_TTL_SECONDS: '60',
      YIELD_STALE_MAX_SECONDS: '0',
      YIELD_MAX_DATA_AGE_SECONDS: '600',
      YIELD_FROZEN_AFTER_HOURS: '24',
      YIELD_MIN_TVL_USD: '10000',
      YIELD_MIN_HISTORY_DAYS: '1',
      YIELD_REWARD_HAIRCUT_BPS: '0',
      YIELD_VERIFY_MAX: '3',
      YIELD_VAULTS_DEVNET: `${VAULT}, ${VAULT.toLowerCase()}`,
      YIELD_SAMPLE_INTERVAL_SECONDS: '0',
      YIELD_COMPOUND_MIN_GAIN_FACTOR: '2.5',
      YIELD_COMPOUND_HORIZON_DAYS: '7',
      YIELD_COMPOUND_GAS_LIMIT: '200000',
      YIELD_DEPOSIT_TOLERANCE_BPS: '250',
      YIELD_MIN_VAULT_SUPPLY_SHARES: '0',
    }).yield;
    expect(y).toEqual({
      defillama: {
        baseUrl: 'https://pro-api.llama.fi',
        apiKey: 'abc_DEF-123',
        timeoutMs: 5_000,
        maxBodyBytes: 16 << 20,
      },
      poolsTtlMs: 60_000,
      staleMaxMs: 0,
      maxDataAgeMs: 600_000,
      frozenAfterMs: 24 * 3_600_000,
      minTvlUsd: 10_000,
      minHistoryDays: 1,
      rewardHaircutBps: 0,
      verifyMax: 3,
      vaults: new Map([[31337, [VAULT]]]),
      sampleIntervalMs: 0,
      compound: {
        minGainFactorBps: 25_000n,
        horizonSeconds: 7n * 86_400n,
        gasLimit: 200_000n,
        toleranceBps: 250,
        minSupplyShares: 0n,
      },
    });
  });

  it.each([
    ['YIELD_DEFILLAMA_BASE_URL', 'ftp://x', /YIELD_DEFILLAMA_BASE_URL: must be an http\(s\) URL/],
    ['YIELD_DEFILLAMA_API_KEY', 'has space', /YIELD_DEFILLAMA_API_KEY/],
    ['YIELD_POOLS_TTL_SECONDS', '0', /YIELD_POOLS_TTL_SECONDS: must be an integer from 1/],
    ['YIELD_REWARD_HAIRCUT_BPS', '10001', /YIELD_REWARD_HAIRCUT_BPS/],
    ['YIELD_MIN_TVL_USD', '1e6', /YIELD_MIN_TVL_USD/],
    ['YIELD_SAMPLE_INTERVAL_SECONDS', '-1', /YIELD_SAMPLE_INTERVAL_SECONDS/],
    ['YIELD_VAULTS_DEVNET', `${VAULT},`, /YIELD_VAULTS_DEVNET: must be a comma-separated list/],
    ['YIELD_VAULTS_DEVNET', '0x0dcd1bf9a1b36ce34237eeafef220932846bcd82x', /YIELD_VAULTS_DEVNET/],
    ['YIELD_VAULTS_MAINNET', VAULT, /YIELD_VAULTS_MAINNET: unknown chain/],
    ['YIELD_COMPOUND_MIN_GAIN_FACTOR', '3.001', /YIELD_COMPOUND_MIN_GAIN_FACTOR: must be a number/],
    ['YIELD_COMPOUND_MIN_GAIN_FACTOR', '-1', /YIELD_COMPOUND_MIN_GAIN_FACTOR/],
    ['YIELD_COMPOUND_MIN_GAIN_FACTOR', '1001', /YIELD_COMPOUND_MIN_GAIN_FACTOR/],
    ['YIELD_COMPOUND_HORIZON_DAYS', '0', /YIELD_COMPOUND_HORIZON_DAYS/],
    ['YIELD_COMPOUND_GAS_LIMIT', '20999', /YIELD_COMPOUND_GAS_LIMIT/],
    ['YIELD_DEPOSIT_TOLERANCE_BPS', '10001', /YIELD_DEPOSIT_TOLERANCE_BPS/],
  ])('%s=%s fails startup, naming the variable and never its value', (variable, value, message) => {
    expect(() => loadConfig({ WEB3_API_KEY: KEY, [variable]: value })).toThrow(message);
    try {
      loadConfig({ WEB3_API_KEY: KEY, [variable]: value });
    } catch (error) {
      if (value.length > 3) expect((error as Error).message).not.toContain(value);
    }
  });
});
