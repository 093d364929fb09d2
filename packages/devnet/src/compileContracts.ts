import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { CompileError } from './errors/CompileError.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { readCacheJson, sha256Hex, writeCacheJson } from './internal/fileCache.js';
import { dependencyVersion, devnetPackageRoot, devnetRequire } from './internal/packageRoot.js';

/** Names of the contracts in `packages/devnet/contracts/`. */
export type DevnetContractName =
  | 'DevnetToken'
  | 'HoneypotToken'
  | 'FeeOnTransferToken'
  | 'DevnetVault'
  | 'HighTaxToken'
  | 'SwitchableToken'
  | 'DevnetCollectible'
  | 'BuyTaxToken'
  | 'DevnetBridge'
  | 'DevnetFeeVault'
  | 'DevnetCappedVault';

/** ABI and creation bytecode of one compiled contract. */
export interface CompiledContract {
  /** JSON ABI as emitted by solc. */
  abi: readonly Record<string, unknown>[];
  /** Creation bytecode, 0x-prefixed. */
  bytecode: `0x${string}`;
}

/** Parameters of {@link compileContracts}. */
export interface CompileContractsParameters {
  /** Directory for the compiler-output cache. Default: `packages/devnet/.cache` (git-ignored). */
  cacheDir?: string | undefined;
  /** Read and write the cache (default `true`). `false` always compiles and writes nothing. */
  useCache?: boolean | undefined;
}

/** Result of {@link compileContracts}. */
export interface CompileContractsReturnType {
  contracts: Record<DevnetContractName, CompiledContract>;
  /** SHA-256 over the sources, the OpenZeppelin version, the solc version and the settings. */
  sourceHash: string;
  /** Whether the output came from the cache. */
  fromCache: boolean;
}

const CONTRACT_NAMES: readonly DevnetContractName[] = [
  'DevnetToken',
  'HoneypotToken',
  'FeeOnTransferToken',
  'DevnetVault',
  'HighTaxToken',
  'SwitchableToken',
  'DevnetCollectible',
  'BuyTaxToken',
  'DevnetBridge',
  'DevnetFeeVault',
  'DevnetCappedVault',
];
const OZ_PREFIX = '@openzeppelin/contracts/';
const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

interface SolcModule {
  version(): string;
  compile(
    input: string,
    callbacks: { import: (path: string) => { contents: string } | { error: string } },
  ): string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage?: string; message: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: Record<string, unknown>[]; evm: { bytecode: { object: string } } }>
  >;
}

/**
 * The devnet's Solidity sources and their hash (sources + OpenZeppelin version + solc version + settings):
 * the compiler-cache key, and part of the state-cache key.
 */
export function devnetSourceHash(): { sources: Record<string, string>; sourceHash: string } {
  const sources = readDevnetSources();
  const sourceHash = sha256Hex(
    JSON.stringify({
      sources,
      solcVersion: dependencyVersion('solc'),
      oz: dependencyVersion('@openzeppelin/contracts'),
      SETTINGS,
    }),
  );
  return { sources, sourceHash };
}

function readDevnetSources(): Record<string, string> {
  const root = devnetPackageRoot();
  const sources: Record<string, string> = {};
  for (const name of CONTRACT_NAMES) {
    const unit = `contracts/${name}.sol`;
    sources[unit] = readFileSync(join(root, unit), 'utf8');
  }
  return sources;
}

/**
 * Compiles the devnet's test contracts (honeypot, fee-on-transfer, 95%-sell-tax, switchable, ERC-4626 vault,
 * mintable ERC-20, mintable ERC-721, the two-chain bridge, an ERC-4626 vault with entry/exit fees, a capped ERC-4626 vault) with solc-js 0.8.37 (`evmVersion: 'cancun'`) against the installed `@openzeppelin/contracts`,
 * caching the output by source hash. solc-js is loaded only on a cache miss (it costs about a second).
 *
 * @example
 * ```ts
 * import { compileContracts } from '@org/devnet';
 * const { contracts, fromCache } = await compileContracts({});
 * console.log(contracts.DevnetVault.bytecode.length, fromCache);
 * ```
 */
export async function compileContracts(
  parameters: CompileContractsParameters = {},
): Promise<CompileContractsReturnType> {
  if (
    parameters.cacheDir !== undefined &&
    (typeof parameters.cacheDir !== 'string' || !parameters.cacheDir)
  ) {
    throw new InvalidParameterError('cacheDir', 'must be a non-empty string');
  }
  const cacheDir = parameters.cacheDir ?? join(devnetPackageRoot(), '.cache');
  const useCache = parameters.useCache ?? true;
  const { sources, sourceHash } = devnetSourceHash();
  const cacheFile = `solc-${sourceHash.slice(0, 32)}.json`;

  if (useCache) {
    const cached = readCacheJson(cacheDir, cacheFile);
    if (isCompiledSet(cached)) return { contracts: cached, sourceHash, fromCache: true };
  }

  const contracts = compileWithSolc(sources);
  if (useCache) writeCacheJson(cacheDir, cacheFile, contracts);
  return { contracts, sourceHash, fromCache: false };
}

function compileWithSolc(sources: Record<string, string>): Record<DevnetContractName, CompiledContract> {
  const require = devnetRequire();
  let solc: SolcModule;
  try {
    solc = require('solc') as SolcModule;
  } catch (error) {
    throw new CompileError('solc-js could not be loaded', error);
  }
  const ozRoot = dirname(require.resolve('@openzeppelin/contracts/package.json'));
  const findImports = (path: string): { contents: string } | { error: string } => {
    if (!path.startsWith(OZ_PREFIX)) return { error: `import outside @openzeppelin/contracts: ${path}` };
    const file = normalize(join(ozRoot, path.slice(OZ_PREFIX.length)));
    if (!file.startsWith(ozRoot)) return { error: `import escapes @openzeppelin/contracts: ${path}` };
    try {
      return { contents: readFileSync(file, 'utf8') };
    } catch {
      return { error: `not found: ${path}` };
    }
  };
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([unit, content]) => [unit, { content }])),
    settings: SETTINGS,
  };
  let output: SolcOutput;
  try {
    output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  } catch (error) {
    throw new CompileError('solc-js crashed or returned malformed JSON', error);
  }
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) {
    throw new CompileError(errors.map((entry) => entry.formattedMessage ?? entry.message).join('\n'));
  }
  const result: Partial<Record<DevnetContractName, CompiledContract>> = {};
  for (const name of CONTRACT_NAMES) {
    const entry = output.contracts?.[`contracts/${name}.sol`]?.[name];
    if (!entry || !/^[0-9a-f]+$/.test(entry.evm.bytecode.object)) {
      throw new CompileError(`solc produced no bytecode for ${name}`);
    }
    result[name] = { abi: entry.abi, bytecode: `0x${entry.evm.bytecode.object}` };
  }
  return result as Record<DevnetContractName, CompiledContract>;
}

function isCompiledSet(value: unknown): value is Record<DevnetContractName, CompiledContract> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return CONTRACT_NAMES.every((name) => {
    const entry = record[name] as { abi?: unknown; bytecode?: unknown } | undefined;
    return (
      typeof entry === 'object' &&
      entry !== null &&
      Array.isArray(entry.abi) &&
      typeof entry.bytecode === 'string' &&
      /^0x[0-9a-f]+$/.test(entry.bytecode)
    );
  });
}
