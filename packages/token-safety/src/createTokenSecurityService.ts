import { type BuildSecurityReportReturnType, buildSecurityReport } from './buildSecurityReport.js';
import { DEFAULT_SAFETY_THRESHOLD } from './computeSafetyScore.js';
import { BaseError } from './errors/BaseError.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { ProviderError } from './errors/ProviderError.js';
import { sanitizeEvidenceFields } from './internal/sanitizeEvidenceFields.js';
import { normalizeTokenAddress } from './normalizeTokenAddress.js';
import { resolveChain } from './resolveChain.js';
import type {
  ChainInput,
  ChainTableEntry,
  EvidenceField,
  SourceEvidence,
  SourceRecord,
  TokenDataSource,
} from './types.js';

/** Parameters of {@link createTokenSecurityService}. */
export type CreateTokenSecurityServiceParameters = {
  /** Data sources, in priority order (order decides ties for informational fields only). */
  sources: readonly TokenDataSource[];
  /** `isSafe` threshold 0–100, default 70. */
  threshold?: number;
  /** Overall deadline of one report; sources still running are aborted and recorded as failed. Default 10 000 ms. */
  deadlineMs?: number;
  /** Clock, default `Date.now`. */
  clock?: () => number;
  /**
   * The chains reports can be asked for, with each provider's chain id: the application's chain registry (EVM)
   * plus `SOLANA_CHAIN` where wanted. Required: there is no second, built-in registry.
   */
  chains: readonly ChainTableEntry[];
};

/** Parameters of `getReport`. */
export type GetReportParameters = {
  /** EVM chain id (number or string), chain name, or `'solana'`. */
  chain: ChainInput;
  address: string;
};

/** A token security service. */
export type TokenSecurityService = {
  /**
   * Builds a report. Never throws for provider failures (they land in `tax.error`, `sources[].error`,
   * `warnings`, with `isSafe: false`); throws `UNSUPPORTED_CHAIN` / `INVALID_ADDRESS` for invalid input.
   */
  getReport(parameters: GetReportParameters): Promise<BuildSecurityReportReturnType>;
};

/** Return type of {@link createTokenSecurityService}. */
export type CreateTokenSecurityServiceReturnType = TokenSecurityService;

function errorInfo(error: unknown): { code: string; message: string } {
  if (error instanceof BaseError) return { code: error.code, message: error.shortMessage };
  return {
    code: 'SOURCE_ERROR',
    message: error instanceof Error ? error.message.slice(0, 200) : String(error),
  };
}

/**
 * Sources sharing a name (e.g. one on-chain simulation per chain) that do not cover this chain add nothing but
 * noise: keep a `skipped` record only when no source of that name ran, and only once per name.
 */
function withoutRedundantSkips<T extends { record: SourceRecord }>(outcomes: T[]): T[] {
  const ran = new Set(outcomes.filter((o) => o.record.status !== 'skipped').map((o) => o.record.name));
  const skipped = new Set<string>();
  return outcomes.filter((o) => {
    if (o.record.status !== 'skipped') return true;
    if (ran.has(o.record.name) || skipped.has(o.record.name)) return false;
    skipped.add(o.record.name);
    return true;
  });
}

/**
 * Creates the fail-closed token security service: resolves the chain (no fallback), validates the address,
 * asks every source that covers the chain in parallel under one deadline, and builds the report.
 *
 * @example
 * ```ts
 * const service = createTokenSecurityService({
 *   sources: [createGoPlusSource({ baseUrl }), createDexScreenerSource({ baseUrl: dexUrl })],
 *   chains: [{ id: 1, name: 'ethereum', kind: 'evm', goplus: '1', dexscreener: 'ethereum' }],
 * });
 * const report = await service.getReport({ chain: 1, address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' });
 * if (!report.isSafe) console.log(report.warnings);
 * ```
 */
export function createTokenSecurityService(
  parameters: CreateTokenSecurityServiceParameters,
): CreateTokenSecurityServiceReturnType {
  const threshold = parameters.threshold ?? DEFAULT_SAFETY_THRESHOLD;
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 100) {
    throw new InvalidParameterError({ parameter: 'threshold', reason: 'must be an integer in [0, 100]' });
  }
  const deadlineMs = parameters.deadlineMs ?? 10_000;
  if (!Number.isInteger(deadlineMs) || deadlineMs < 1) {
    throw new InvalidParameterError({ parameter: 'deadlineMs', reason: 'must be a positive integer' });
  }
  if (!Array.isArray(parameters.sources)) {
    throw new InvalidParameterError({ parameter: 'sources', reason: 'must be an array of data sources' });
  }
  // Several sources may share a name (one `onchain-simulation` per configured chain); the same source object
  // twice is a configuration mistake.
  const seen = new Set<TokenDataSource>();
  for (const source of parameters.sources) {
    if (
      !source ||
      typeof source.name !== 'string' ||
      source.name.length === 0 ||
      typeof source.supports !== 'function' ||
      typeof source.fetchEvidence !== 'function'
    ) {
      throw new InvalidParameterError({
        parameter: 'sources',
        reason: 'each source needs a name, supports() and fetchEvidence()',
      });
    }
    if (seen.has(source)) {
      throw new InvalidParameterError({
        parameter: 'sources',
        reason: `source ${source.name} is listed twice`,
      });
    }
    seen.add(source);
  }
  const sources = [...parameters.sources];
  const clock = parameters.clock ?? Date.now;
  if (!Array.isArray(parameters.chains) || parameters.chains.length === 0) {
    throw new InvalidParameterError({ parameter: 'chains', reason: 'must be a non-empty chain table' });
  }
  const table = parameters.chains;

  return {
    async getReport({ chain: chainInput, address }: GetReportParameters) {
      const chain = resolveChain({ chain: chainInput, table });
      const token = normalizeTokenAddress({ chain, address });
      const controller = new AbortController();
      const deadline = setTimeout(() => controller.abort(), deadlineMs);
      try {
        const outcomes = await Promise.all(
          sources.map(async (source): Promise<{ record: SourceRecord; evidence?: SourceEvidence }> => {
            const started = clock();
            let covered: boolean;
            try {
              covered = source.supports(chain) === true;
            } catch (error) {
              return {
                record: {
                  name: source.name,
                  status: 'failed',
                  fetchedAt: new Date(started).toISOString(),
                  durationMs: 0,
                  fields: [],
                  cached: false,
                  error: errorInfo(error),
                },
              };
            }
            if (!covered) {
              return {
                record: {
                  name: source.name,
                  status: 'skipped',
                  fetchedAt: new Date(started).toISOString(),
                  durationMs: 0,
                  fields: [],
                  cached: false,
                  error: {
                    code: 'PROVIDER_UNSUPPORTED_CHAIN',
                    message: `does not cover chain ${chain.name}`,
                  },
                },
              };
            }
            const aborted = new Promise<never>((_, reject) => {
              controller.signal.addEventListener('abort', () =>
                reject(
                  new BaseError({
                    code: 'PROVIDER_TIMEOUT',
                    shortMessage: `${source.name}: report deadline of ${deadlineMs} ms passed`,
                  }),
                ),
              );
            });
            aborted.catch(() => undefined);
            try {
              const evidence = await Promise.race([
                source.fetchEvidence({ chain, address: token, signal: controller.signal }),
                aborted,
              ]);
              if (
                typeof evidence !== 'object' ||
                evidence === null ||
                typeof evidence.fields !== 'object' ||
                evidence.fields === null
              ) {
                throw new ProviderError({
                  code: 'PROVIDER_BAD_RESPONSE',
                  provider: source.name,
                  shortMessage: 'the source returned no { fields } object',
                });
              }
              const finished = clock();
              return {
                evidence,
                record: {
                  name: source.name,
                  status: 'ok',
                  fetchedAt: new Date(finished).toISOString(),
                  durationMs: Math.max(0, finished - started),
                  // Only the valid values count as supplied (mergeEvidence rejects the rest, with a warning).
                  fields: Object.keys(sanitizeEvidenceFields(evidence.fields).fields) as EvidenceField[],
                  cached: evidence.cached === true,
                },
              };
            } catch (error) {
              const finished = clock();
              return {
                record: {
                  name: source.name,
                  status: 'failed',
                  fetchedAt: new Date(finished).toISOString(),
                  durationMs: Math.max(0, finished - started),
                  fields: [],
                  cached: false,
                  error: errorInfo(error),
                },
              };
            }
          }),
        );
        return buildSecurityReport({
          chain,
          token,
          outcomes: withoutRedundantSkips(outcomes),
          threshold,
          now: clock(),
        });
      } finally {
        clearTimeout(deadline);
      }
    },
  };
}
