import { readFile } from 'node:fs/promises';
import { loadKeystore, walletFromPrivateKey } from '@org/chain-evm';
import type { Config } from '../config.js';
import { ConfigError } from '../config/ConfigError.js';

/**
 * The configured wallet (address and key). A key that does not load fails startup with a {@link ConfigError} naming
 * the variable (never its value). The key is handed to the execution gateway and kept nowhere else.
 *
 * @example
 * ```ts
 * const wallet = await resolveWallet(config); // undefined without a key
 * ```
 */
export async function resolveWallet(
  config: Config,
): Promise<{ address: `0x${string}`; privateKey: string } | undefined> {
  const source = config.wallet;
  if (source.kind === 'privateKey') {
    try {
      const w = walletFromPrivateKey({ privateKey: source.privateKey });
      return { address: w.address as `0x${string}`, privateKey: w.privateKey };
    } catch (error) {
      throw new ConfigError('WALLET_PRIVATE_KEY', shortMessageOf(error));
    }
  }
  if (source.kind === 'keystore') {
    const json = await readFile(source.path, 'utf8').catch((cause: unknown) => {
      throw new ConfigError(
        'WALLET_KEYSTORE_PATH',
        `cannot read the keystore file (${(cause as NodeJS.ErrnoException).code})`,
      );
    });
    try {
      const w = await loadKeystore({ json, password: source.password });
      return { address: w.address as `0x${string}`, privateKey: w.privateKey };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new ConfigError(
        code === 'KEYSTORE_PASSWORD' ? 'WALLET_KEYSTORE_PASSWORD' : 'WALLET_KEYSTORE_PATH',
        shortMessageOf(error),
      );
    }
  }
  return undefined;
}

/** The library error's one-line message (never details or cause, which could describe the secret). */
function shortMessageOf(error: unknown): string {
  const short = (error as { shortMessage?: unknown }).shortMessage;
  return typeof short === 'string' ? short : 'could not be loaded';
}
