import { Controller, OperationId, Get, Query, Response, Route, Security, Tags } from '@tsoa/runtime';
import type { ProblemDto } from '../dto/problem.js';
import type { SecurityReportDto } from '../dto/security.js';
import type { Services } from '../services/Services.js';

/** Token safety: fail-closed security reports. */
@Route('security')
@Tags('Security')
@Security('api_key')
@Response<ProblemDto>(401, 'Missing or invalid X-API-Key')
export class SecurityController extends Controller {
  constructor(private readonly services: Services) {
    super();
  }

  /**
   * Security report for a token: tax and honeypot status (three-valued), liquidity, holders, contract flags,
   * a 0–100 score with its factors, which source said what, and coverage. `isSafe` is false whenever the
   * honeypot status is unknown. Provider outages make the report unsafe; they are not errors.
   * @summary Token security report
   * @param address Token contract address (EVM, EIP-55 checksum when mixed case) or mint address (Solana).
   * @maxLength address 64
   * @param chain Chain name, alias or id (`ethereum`, `eth`, `base`, `8453`, `devnet`, `solana`, …); optional when
   * the server has a default chain.
   * @maxLength chain 64
   */
  @Get('token')
  @OperationId('getTokenSecurityReport')
  @Security('api_key')
  @Security('operator_key')
  @Response<ProblemDto>(422, 'Unknown chain or invalid address')
  public async token(@Query() address: string, @Query() chain?: string): Promise<SecurityReportDto> {
    return this.services.security.report(chain, address);
  }
}
