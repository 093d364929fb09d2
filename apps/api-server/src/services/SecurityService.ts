import { createOnChainEvidenceSource, parseAddress } from '@org/chain-evm';
import {
  createDexScreenerSource,
  createGoPlusSource,
  createSplMintSource,
  createTokenSecurityService,
  type SecurityReport,
  type TokenDataSource,
  type TokenSecurityService,
} from '@org/token-safety';
import { Connection } from '@solana/web3.js';
import type { Config } from '../config.js';
import type { SecurityReportDto } from '../dto/security.js';

/** Token security reports behind `/security/token`: GoPlus + DexScreener + on-chain simulation + SPL mints. */
export class SecurityService {
  readonly #service: TokenSecurityService;

  constructor({ config }: { config: Pick<Config, 'providers' | 'rpcUrls' | 'uniswapV2' | 'rpcTimeoutMs'> }) {
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
    // On-chain buy/sell simulation wherever we have both a node and a Uniswap V2 deployment.
    for (const [chainId, dex] of config.uniswapV2) {
      const rpcUrl = config.rpcUrls.get(chainId);
      if (rpcUrl === undefined) continue;
      sources.push(
        createOnChainEvidenceSource({
          rpcUrl,
          chainId,
          weth: dex.weth,
          uniswapV2Router02: dex.router,
          uniswapV2Factory: dex.factory,
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
    this.#service = createTokenSecurityService({ sources });
  }

  /** The report for `address` on `chain`. Provider failures make it unsafe; they never make it throw. */
  async report(chain: string, address: string): Promise<SecurityReportDto> {
    const report = await this.#service.getReport({ chain, address });
    return toDto(report);
  }
}

function toDto(report: SecurityReport): SecurityReportDto {
  const token = report.chain.kind === 'evm' ? parseAddress({ address: report.token }) : report.token;
  return {
    ...report,
    token,
    chain: { id: report.chain.id, name: report.chain.name, kind: report.chain.kind },
  } as SecurityReportDto;
}
