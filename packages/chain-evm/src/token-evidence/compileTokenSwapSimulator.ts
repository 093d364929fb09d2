// Test-time only: recompiles TokenSwapSimulator.sol with solc-js so a test can prove the embedded bytecode
// matches its source. Runtime code never imports this file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { deployedBytecode: { object: string } } }>
  >;
};

/**
 * Compile settings that produced the embedded bytecode.
 *
 * @example
 * ```ts
 * SIMULATOR_COMPILER_SETTINGS.evmVersion; // 'cancun'
 * ```
 */
export const SIMULATOR_COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
} as const;

/**
 * Compiles `TokenSwapSimulator.sol` with the `solc` devDependency (test-time only; needs `solc` installed).
 *
 * @example
 * ```ts
 * const { deployedBytecode } = compileTokenSwapSimulator();
 * ```
 */
export function compileTokenSwapSimulator(): {
  deployedBytecode: `0x${string}`;
  abi: unknown[];
  version: string;
} {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const source = readFileSync(new URL('./TokenSwapSimulator.sol', import.meta.url), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'TokenSwapSimulator.sol': { content: source } },
    settings: SIMULATOR_COMPILER_SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['TokenSwapSimulator.sol']?.['TokenSwapSimulator'];
  if (!contract) throw new Error('TokenSwapSimulator missing from solc output');
  return {
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    abi: contract.abi,
    version: solc.version(),
  };
}
