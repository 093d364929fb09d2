// The CommonJS side under `moduleResolution` node16: these imports compile to `require` and resolve the
// `require` condition's types (`.d.cts`), which must be as real as the ESM ones.
import { Governor, parseEther } from '@org/governor';
import { SqliteSpendLedger } from '@org/governor/sqlite';
import { createTokenSecurityService } from '@org/token-safety';
import { type ExecutionGatewayParameters, resolveChain } from '@org/chain-evm';
import { SqliteExecutionStore } from '@org/chain-evm/sqlite';
import dca = require('@org/dca');
import { SqliteDcaStore } from '@org/dca/sqlite';

type IsAny<T> = 0 extends 1 & T ? true : false;
type Typed<T> = IsAny<T> extends true ? never : T;

export const governorClass: Typed<typeof Governor> = Governor;
export const parse: Typed<typeof parseEther> = parseEther;
export const ledger: Typed<typeof SqliteSpendLedger> = SqliteSpendLedger;
export const service: Typed<typeof createTokenSecurityService> = createTokenSecurityService;
export const resolve: Typed<typeof resolveChain> = resolveChain;
export const executions: Typed<typeof SqliteExecutionStore> = SqliteExecutionStore;
export const dcaModule: Typed<typeof dca> = dca;
export const dcaStore: Typed<typeof SqliteDcaStore> = SqliteDcaStore;
export const dcaScheduler: Typed<typeof dca.DcaScheduler> = dca.DcaScheduler;
export const gatewayGovernorIsGovernor = (g: Typed<ExecutionGatewayParameters['governor']>): Governor => g;
