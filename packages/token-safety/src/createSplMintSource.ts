import {
  AccountState,
  getDefaultAccountState,
  getNonTransferable,
  getPausableConfig,
  getPermanentDelegate,
  getTransferFeeConfig,
  getTransferHook,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  unpackMint,
} from '@solana/spl-token';
import { type AccountInfo, type Connection, PublicKey } from '@solana/web3.js';
import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { ProviderError } from './errors/ProviderError.js';
import type { EvidenceFields, FetchEvidenceParameters, SourceEvidence, TokenDataSource } from './types.js';
import { withProviderDeadline } from './withProviderDeadline.js';

/** A raw mint account as returned by `Connection.getAccountInfo` or litesvm's `getAccount`. */
export type RawMintAccount = {
  owner: PublicKey;
  data: Uint8Array;
  lamports: number | bigint;
  executable: boolean;
};

/** Parameters of {@link createSplMintSource}: a web3.js v1 `Connection`, or any account reader. */
export type CreateSplMintSourceParameters = (
  | { connection: Pick<Connection, 'getAccountInfo'>; getAccountInfo?: never }
  | {
      getAccountInfo: (address: PublicKey) => Promise<RawMintAccount | null> | RawMintAccount | null;
      connection?: never;
    }
) & {
  /** Time-out of the account read, default 5000 ms. */
  timeoutMs?: number;
};

/** Return type of {@link createSplMintSource}. */
export type CreateSplMintSourceReturnType = TokenDataSource;

/**
 * Reads a Solana SPL mint (Token or Token-2022) and reports its authorities, supply, decimals and the
 * Token-2022 extensions that matter: transfer fee (as buy and sell tax — it applies to both legs), permanent
 * delegate, non-transferable, transfer hook, default frozen state, pausable. Without a swap simulation it
 * cannot clear a token, so `isHoneypot` stays unknown; the one piece of evidence it can give is a mint that is
 * paused right now (`canSell: false`, which the report treats as a honeypot).
 *
 * @example
 * ```ts
 * const spl = createSplMintSource({ connection: new Connection('https://api.mainnet-beta.solana.com') });
 * ```
 */
export function createSplMintSource(
  parameters: CreateSplMintSourceParameters,
): CreateSplMintSourceReturnType {
  const timeoutMs = parameters.timeoutMs ?? 5_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    throw new InvalidParameterError({ parameter: 'timeoutMs', reason: 'must be a positive integer' });
  }
  let read: (address: PublicKey) => Promise<RawMintAccount | null>;
  if (parameters.connection) {
    const connection = parameters.connection;
    read = async (address) => (await connection.getAccountInfo(address)) as AccountInfo<Buffer> | null;
  } else if (typeof parameters.getAccountInfo === 'function') {
    const reader = parameters.getAccountInfo;
    read = async (address) => reader(address);
  } else {
    throw new InvalidParameterError({
      parameter: 'connection',
      reason: 'pass a Connection or getAccountInfo()',
    });
  }

  return {
    name: 'spl-mint',
    supports: (chain) => chain.kind === 'solana',
    async fetchEvidence({ chain, address }: FetchEvidenceParameters): Promise<SourceEvidence> {
      if (chain.kind !== 'solana') {
        throw new ProviderError({
          code: 'PROVIDER_UNSUPPORTED_CHAIN',
          provider: 'spl-mint',
          shortMessage: 'Solana only',
        });
      }
      const mintKey = new PublicKey(address);
      const account = await withProviderDeadline({
        provider: 'spl-mint',
        timeoutMs,
        describe: 'reading the mint account',
        run: () => read(mintKey),
        // web3.js messages say what failed; URLs are cut out (a Solana RPC URL often carries an API key).
        details: (error) =>
          (error instanceof Error ? error.message : String(error))
            .replace(/\b\w+:\/\/\S+/g, '[url]')
            .slice(0, 300),
      });
      if (!account) {
        throw new ProviderError({
          code: 'PROVIDER_NO_DATA',
          provider: 'spl-mint',
          shortMessage: 'mint account not found',
        });
      }
      const programId = account.owner.equals(TOKEN_PROGRAM_ID)
        ? TOKEN_PROGRAM_ID
        : account.owner.equals(TOKEN_2022_PROGRAM_ID)
          ? TOKEN_2022_PROGRAM_ID
          : null;
      if (!programId) {
        throw new ProviderError({
          code: 'PROVIDER_BAD_RESPONSE',
          provider: 'spl-mint',
          shortMessage: `account is not owned by the SPL Token programs (owner ${account.owner.toBase58()})`,
        });
      }
      let mint: ReturnType<typeof unpackMint>;
      try {
        mint = unpackMint(
          mintKey,
          {
            data: Buffer.from(account.data),
            owner: account.owner,
            executable: account.executable,
            lamports: Number(account.lamports),
          },
          programId,
        );
      } catch (cause) {
        throw new ProviderError({
          code: 'PROVIDER_BAD_RESPONSE',
          provider: 'spl-mint',
          shortMessage: 'account is not a valid mint',
          cause,
        });
      }
      const fields: Partial<EvidenceFields> = {
        mintAuthority: mint.mintAuthority?.toBase58() ?? null,
        isMintable: mint.mintAuthority !== null,
        freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
        isFreezable: mint.freezeAuthority !== null,
        supply: mint.supply.toString(),
        decimals: mint.decimals,
      };
      const warnings: string[] = [];
      const is2022 = programId.equals(TOKEN_2022_PROGRAM_ID);
      // A classic SPL Token mint has no extensions: each of these is known to be absent.
      const fee = is2022 ? getTransferFeeConfig(mint) : null;
      const feeBps = fee
        ? Math.max(fee.olderTransferFee.transferFeeBasisPoints, fee.newerTransferFee.transferFeeBasisPoints)
        : 0;
      fields.transferFeeBps = feeBps;
      fields.buyTax = feeBps / 100;
      fields.sellTax = feeBps / 100;
      if (fee && !fee.transferFeeConfigAuthority.equals(PublicKey.default)) {
        warnings.push('the transfer fee has a config authority and can be raised');
        fields.slippageModifiable = true;
      }
      const delegate = is2022 ? getPermanentDelegate(mint) : null;
      const delegateSet = delegate !== null && !delegate.delegate.equals(PublicKey.default);
      fields.hasPermanentDelegate = delegateSet;
      fields.permanentDelegate = delegateSet ? delegate.delegate.toBase58() : null;
      fields.nonTransferable = is2022 ? getNonTransferable(mint) !== null : false;
      const hook = is2022 ? getTransferHook(mint) : null;
      const hookSet = hook !== null && !hook.programId.equals(PublicKey.default);
      fields.hasTransferHook = hookSet;
      fields.transferHookProgram = hookSet ? hook.programId.toBase58() : null;
      const defaultState = is2022 ? getDefaultAccountState(mint) : null;
      fields.defaultAccountFrozen = defaultState?.state === AccountState.Frozen;
      const pausable = is2022 ? getPausableConfig(mint) : null;
      fields.transferPausable = pausable !== null;
      if (pausable?.paused) {
        // A paused Token-2022 mint rejects every transfer: selling (and buying) fails right now. That is
        // evidence of harm, so it is reported as such (the report then treats the token as a honeypot).
        warnings.push('the mint is currently paused: no transfer, hence no sell, can succeed');
        fields.canSell = false;
        fields.canBuy = false;
      }
      return {
        fields,
        warnings,
        notChecked: ['spl-mint: honeypot and sellability (no Solana swap simulation); holder distribution'],
      };
    },
  };
}
