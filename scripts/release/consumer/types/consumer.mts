// Compiled by `tsc` in the scratch project under `moduleResolution` node16 (as ESM) and bundler: every entry's
// types resolve, and none silently degrades to `any` (which `skipLibCheck` would otherwise hide).
import { type Decision, Governor, parseEther } from '@org/governor';
import { type SqliteDatabaseLike, SqliteSpendLedger } from '@org/governor/sqlite';
import { createTokenSecurityService, type SecurityReport, type TokenDataSource } from '@org/token-safety';
import {
  type ChainInfo,
  createOnChainEvidenceSource,
  type ExecutionGatewayParameters,
  resolveChain,
} from '@org/chain-evm';
import { SqliteExecutionStore } from '@org/chain-evm/sqlite';
import * as dca from '@org/dca';
import { SqliteDcaStore } from '@org/dca/sqlite';

type IsAny<T> = 0 extends 1 & T ? true : false;
/** `never` when T is `any`: assigning an `any` to it does not compile. */
type Typed<T> = IsAny<T> extends true ? never : T;

export const governorClass: Typed<typeof Governor> = Governor;
export const parse: Typed<typeof parseEther> = parseEther;
export const ledger: Typed<typeof SqliteSpendLedger> = SqliteSpendLedger;
export const service: Typed<typeof createTokenSecurityService> = createTokenSecurityService;
export const resolve: Typed<typeof resolveChain> = resolveChain;
export const evidence: Typed<typeof createOnChainEvidenceSource> = createOnChainEvidenceSource;
export const executions: Typed<typeof SqliteExecutionStore> = SqliteExecutionStore;
export const dcaModule: Typed<typeof dca> = dca;
export const dcaStore: Typed<typeof SqliteDcaStore> = SqliteDcaStore;
export const dcaScheduler: Typed<typeof dca.DcaScheduler> = dca.DcaScheduler;

// Types that cross package boundaries inside the declarations.
export type GatewayGovernor = Typed<ExecutionGatewayParameters['governor']>;
export const gatewayGovernorIsGovernor = (g: GatewayGovernor): Governor => g;
export const evidenceIsSource = (s: ReturnType<typeof createOnChainEvidenceSource>): Typed<TokenDataSource> =>
  s;

export function describe(
  decision: Typed<Decision>,
  report: Typed<SecurityReport>,
  chain: Typed<ChainInfo>,
): string {
  const honeypot: boolean | null = report.tax.isHoneypot;
  return `${decision.code} ${String(honeypot)} ${chain.id}`;
}

export const database = (db: Typed<SqliteDatabaseLike>) => new SqliteSpendLedger({ database: db });
