import { type ChainInfo, createOnChainEvidenceSource, parseAddress } from '@org/chain-evm';
import {
  type ChainTableEntry,
  createDexScreenerSource,
  createGoPlusSource,
  createSplMintSource,
  createTokenSecurityService,
  InvalidAddressError,
  type SecurityReport,
  SOLANA_CHAIN,
  type TokenDataSource,
  type TokenSecurityService,
} from '@org/token-safety';
import { Connection } from '@solana/web3.js';
import type { Config } from '../config.js';
import type { SecurityReportDto } from '../dto/security.js';
import type { ChainProviders } from './ChainProviders.js';

/** How old a report a quote may reuse (ms). */
export const QUOTE_REPORT_MAX_AGE_MS = 10_000;
const MAX_RECENT_REPORTS = 1_000;

/**
 * Token security reports behind `/security/token`: GoPlus + DexScreener + on-chain simulation + SPL mints. Chains
 * resolve through the app's one registry (the same names, aliases, codes and messages as every other endpoint);
 * token-safety gets the table it needs from it, plus Solana.
 */
export class SecurityService {
  readonly #service: TokenSecurityService;
  readonly #providers: ChainProviders;
  /** Recent EVM reports by `chainId:address`, for quotes only (the gateway always asks for a fresh one). */
  readonly #recent = new Map<string, { at: number; report: Promise<SecurityReport> }>();

  constructor({
    config,
    providers: chainProviders,
  }: {
    config: Pick<Config, 'providers' | 'rpcUrls' | 'chains' | 'rpcTimeoutMs'>;
    providers: ChainProviders;
  }) {
    this.#providers = chainProviders;
    const { providers } = config;
    const sources: TokenDataSource[] = [
      createGoPlusSource({
        baseUrl: providers.goplusBaseUrl,
        timeoutMs: providers.timeoutMs,
        cacheTtlMs: providers.cacheTtlMs,
        ...(providers.goplusAccessToken ? { accessToken: providers.goplusAccessToken } : {}),
      }),
      createDexScreenerSource({
        baseUrl: providers.dexscreenerBaseUrl,
        timeoutMs: providers.timeoutMs,
        cacheTtlMs: providers.cacheTtlMs,
      }),
    ];
    // On-chain buy/sell simulation wherever we have both a node and a Uniswap V2 deployment against WETH.
    for (const chain of config.chains) {
      const rpcUrl = config.rpcUrls.get(chain.id);
      const { uniswapV2, wrappedNative } = chain.contracts;
      if (rpcUrl === undefined || uniswapV2 === null || wrappedNative === null) continue;
      sources.push(
        createOnChainEvidenceSource({
          rpcUrl,
          chainId: chain.id,
          weth: wrappedNative,
          uniswapV2Router02: uniswapV2.router02,
          uniswapV2Factory: uniswapV2.factory,
          timeoutMs: config.rpcTimeoutMs,
        }),
      );
    }
    if (providers.solanaRpcUrl) {
      sources.push(
        createSplMintSource({
          connection: new Connection(providers.solanaRpcUrl, 'confirmed'),
          timeoutMs: providers.timeoutMs,
        }),
      );
    }
    this.#service = createTokenSecurityService({
      sources,
      chains: [...config.chains.map(toTableEntry), SOLANA_CHAIN],
    });
  }

  /** A fresh library report for an EVM token: what the execution gateway's safety gate reads. */
  evmReport(chainId: number, address: string): Promise<SecurityReport> {
    const report = this.#service.getReport({ chain: chainId, address });
    this.#remember(chainId, address, report);
    return report;
  }

  /**
   * A report at most {@link QUOTE_REPORT_MAX_AGE_MS} old (concurrent callers share one lookup), for what only
   * informs — a quote's safety verdict, the fee-on-transfer routing of a swap. Never for a decision to send: the
   * gateway reads {@link evmReport}.
   */
  recentEvmReport(chainId: number, address: string): Promise<SecurityReport> {
    const key = `${chainId}:${address.toLowerCase()}`;
    const hit = this.#recent.get(key);
    if (hit && Date.now() - hit.at <= QUOTE_REPORT_MAX_AGE_MS) return hit.report;
    return this.evmReport(chainId, address);
  }

  #remember(chainId: number, address: string, report: Promise<SecurityReport>): void {
    const key = `${chainId}:${address.toLowerCase()}`;
    this.#recent.delete(key);
    this.#recent.set(key, { at: Date.now(), report });
    // A failed lookup is not remembered; the map stays bounded (oldest first out).
    report.catch(() => {
      if (this.#recent.get(key)?.report === report) this.#recent.delete(key);
    });
    if (this.#recent.size > MAX_RECENT_REPORTS) {
      const oldest = this.#recent.keys().next().value;
      if (oldest !== undefined) this.#recent.delete(oldest);
    }
  }

  /** The report for `address` on `chain`. Provider failures make it unsafe; they never make it throw. */
  async report(chain: string | undefined, address: string): Promise<SecurityReportDto> {
    if (isSolana(chain)) {
      if (address !== address.trim()) {
        throw new InvalidAddressError({ address, expected: 'a base58 Solana mint address' });
      }
      return toDto(await this.#service.getReport({ chain: 'solana', address }));
    }
    const info = this.#providers.known(chain);
    const token = parseAddress({ address });
    return toDto(await this.#service.getReport({ chain: info.id, address: token }));
  }
}

function isSolana(chain: string | undefined): boolean {
  const text = chain?.toLowerCase();
  return text === SOLANA_CHAIN.name || (SOLANA_CHAIN.aliases ?? []).includes(text ?? '');
}

function toTableEntry(chain: ChainInfo): ChainTableEntry {
  return {
    id: chain.id,
    name: chain.name,
    kind: 'evm',
    goplus: chain.providers.goplus,
    dexscreener: chain.providers.dexscreener,
    aliases: chain.aliases,
  };
}

function toDto(report: SecurityReport): SecurityReportDto {
  const token = report.chain.kind === 'evm' ? parseAddress({ address: report.token }) : report.token;
  return {
    ...report,
    token,
    chain: { id: report.chain.id, name: report.chain.name, kind: report.chain.kind },
  } as SecurityReportDto;
}
