import {
  AuthorityType,
  ACCOUNT_SIZE,
  createInitializeAccount3Instruction,
  createInitializeDefaultAccountStateInstruction,
  createInitializeMint2Instruction,
  createInitializeNonTransferableMintInstruction,
  createInitializePausableConfigInstruction,
  createInitializePermanentDelegateInstruction,
  createInitializeTransferFeeConfigInstruction,
  createMintToInstruction,
  createPauseInstruction,
  createSetAuthorityInstruction,
  AccountState,
  ExtensionType,
  getMintLen,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import {
  Keypair,
  type PublicKey,
  SystemProgram,
  Transaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSplMintSource } from './createSplMintSource.js';
import { createTokenSecurityService } from './createTokenSecurityService.js';
import { resolveChain } from './resolveChain.js';
import { TEST_CHAIN_TABLE } from './test-support/testChainTable.js';

let svm: LiteSVM;
let payer: Keypair;

beforeAll(() => {
  svm = new LiteSVM();
  payer = Keypair.generate();
  svm.airdrop(payer.publicKey, 10_000_000_000n);
});

function send(instructions: TransactionInstruction[], signers: Keypair[]): void {
  const tx = new Transaction().add(...instructions);
  tx.recentBlockhash = svm.latestBlockhash();
  tx.feePayer = payer.publicKey;
  tx.sign(payer, ...signers);
  const result = svm.sendTransaction(tx);
  if (result instanceof FailedTransactionMetadata)
    throw new Error(`transaction failed: ${result.toString()}`);
}

function createMint(options: {
  programId: PublicKey;
  extensions?: ExtensionType[];
  extensionInstructions?: (mint: PublicKey) => TransactionInstruction[];
  freezeAuthority: PublicKey | null;
}): PublicKey {
  const mint = Keypair.generate();
  const space = options.extensions ? getMintLen(options.extensions) : MINT_SIZE;
  send(
    [
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: mint.publicKey,
        space,
        lamports: Number(svm.minimumBalanceForRentExemption(BigInt(space))),
        programId: options.programId,
      }),
      ...(options.extensionInstructions?.(mint.publicKey) ?? []),
      createInitializeMint2Instruction(
        mint.publicKey,
        6,
        payer.publicKey,
        options.freezeAuthority,
        options.programId,
      ),
    ],
    [mint],
  );
  return mint.publicKey;
}

function service() {
  const spl = createSplMintSource({ getAccountInfo: (address) => svm.getAccount(address) });
  return createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [spl] });
}

describe('createSplMintSource on litesvm', () => {
  it('a mint with mint and freeze authority → mintable, freezable, no extensions', async () => {
    const mint = createMint({ programId: TOKEN_PROGRAM_ID, freezeAuthority: payer.publicKey });
    const report = await service().getReport({ chain: 'solana', address: mint.toBase58() });
    expect(report.sources[0]).toMatchObject({ name: 'spl-mint', status: 'ok' });
    expect(report.contract.isMintable).toBe(true);
    expect(report.contract.solana).toMatchObject({
      mintAuthority: payer.publicKey.toBase58(),
      freezeAuthority: payer.publicKey.toBase58(),
      isFreezable: true,
      transferFeeBps: 0,
      hasPermanentDelegate: false,
      nonTransferable: false,
      hasTransferHook: false,
      defaultAccountFrozen: false,
      supply: '0',
      decimals: 6,
    });
    expect(report.factors.map((f) => f.id)).toEqual(expect.arrayContaining(['mintable', 'freezable']));
    // Honeypot stays unknown on Solana: never safe, partial coverage made explicit.
    expect(report.tax.isHoneypot).toBeNull();
    expect(report.isSafe).toBe(false);
    expect(report.coverage.missing).toEqual(['isHoneypot', 'liquidityUsd']);
    expect(report.coverage.notChecked.join('\n')).toMatch(/simulation is not implemented for Solana/);
  });

  it('a mint whose authorities are revoked → not mintable, not freezable, supply read', async () => {
    const mint = createMint({ programId: TOKEN_PROGRAM_ID, freezeAuthority: null });
    // A plain token account, not an associated one: creating ATAs through the ATA program corrupts memory in
    // the linux-x64 litesvm addon and aborts the worker with std::bad_alloc (LiteSVM/litesvm#171, #352).
    const holder = Keypair.generate();
    send(
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: holder.publicKey,
          space: ACCOUNT_SIZE,
          lamports: Number(svm.minimumBalanceForRentExemption(BigInt(ACCOUNT_SIZE))),
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeAccount3Instruction(holder.publicKey, mint, payer.publicKey, TOKEN_PROGRAM_ID),
        createMintToInstruction(mint, holder.publicKey, payer.publicKey, 1_000_000_000n),
        createSetAuthorityInstruction(mint, payer.publicKey, AuthorityType.MintTokens, null),
      ],
      [holder],
    );
    const evidence = await createSplMintSource({ getAccountInfo: (a) => svm.getAccount(a) }).fetchEvidence({
      chain: resolveChain({ chain: 'solana', table: TEST_CHAIN_TABLE }),
      address: mint.toBase58(),
    });
    expect(evidence.fields).toMatchObject({
      isMintable: false,
      mintAuthority: null,
      isFreezable: false,
      freezeAuthority: null,
      supply: '1000000000',
      buyTax: 0,
      sellTax: 0,
    });
  });

  it('a Token-2022 mint with a transfer fee → fee in bps and as buy/sell tax, fee authority warned', async () => {
    const mint = createMint({
      programId: TOKEN_2022_PROGRAM_ID,
      extensions: [ExtensionType.TransferFeeConfig],
      extensionInstructions: (m) => [
        createInitializeTransferFeeConfigInstruction(
          m,
          payer.publicKey,
          payer.publicKey,
          250,
          1_000_000n,
          TOKEN_2022_PROGRAM_ID,
        ),
      ],
      freezeAuthority: null,
    });
    const report = await service().getReport({ chain: 'solana', address: mint.toBase58() });
    expect(report.contract.solana?.transferFeeBps).toBe(250);
    expect(report.tax.buyTax).toBe(2.5);
    expect(report.tax.sellTax).toBe(2.5);
    expect(report.contract.slippageModifiable).toBe(true);
    expect(report.warnings.join('\n')).toMatch(/transfer fee has a config authority/);
    expect(report.isSafe).toBe(false);
  });

  it('permanent delegate and non-transferable Token-2022 mints are vetoed; default-frozen is penalised', async () => {
    const delegate = Keypair.generate().publicKey;
    const mint = createMint({
      programId: TOKEN_2022_PROGRAM_ID,
      extensions: [
        ExtensionType.PermanentDelegate,
        ExtensionType.NonTransferable,
        ExtensionType.DefaultAccountState,
      ],
      extensionInstructions: (m) => [
        createInitializePermanentDelegateInstruction(m, delegate, TOKEN_2022_PROGRAM_ID),
        createInitializeNonTransferableMintInstruction(m, TOKEN_2022_PROGRAM_ID),
        createInitializeDefaultAccountStateInstruction(m, AccountState.Frozen, TOKEN_2022_PROGRAM_ID),
      ],
      freezeAuthority: payer.publicKey,
    });
    const report = await service().getReport({ chain: 'solana', address: mint.toBase58() });
    expect(report.contract.solana).toMatchObject({
      hasPermanentDelegate: true,
      permanentDelegate: delegate.toBase58(),
      nonTransferable: true,
      defaultAccountFrozen: true,
    });
    expect(report.safetyScore).toBe(0);
    expect(report.riskLevel).toBe('critical');
    expect(
      report.factors
        .filter((f) => f.veto)
        .map((f) => f.id)
        .sort(),
    ).toEqual(['non-transferable', 'permanent-delegate']);
    expect(report.factors.map((f) => f.id)).toContain('default-frozen');
  });

  it('a pausable Token-2022 mint is penalised; once paused, selling fails → honeypot, score 0', async () => {
    const mint = createMint({
      programId: TOKEN_2022_PROGRAM_ID,
      extensions: [ExtensionType.PausableConfig],
      extensionInstructions: (m) => [
        createInitializePausableConfigInstruction(m, payer.publicKey, TOKEN_2022_PROGRAM_ID),
      ],
      freezeAuthority: null,
    });
    const running = await service().getReport({ chain: 'solana', address: mint.toBase58() });
    expect(running.contract.transferPausable).toBe(true);
    expect(running.tax.canSell).toBeNull();
    expect(running.tax.isHoneypot).toBeNull();
    expect(running.factors.map((f) => f.id)).toContain('transfer-pausable');

    send([createPauseInstruction(mint, payer.publicKey, [], TOKEN_2022_PROGRAM_ID)], []);
    const paused = await service().getReport({ chain: 'solana', address: mint.toBase58() });
    expect(paused.tax).toMatchObject({ canSell: false, isHoneypot: true });
    expect(paused.contract.canBuy).toBe(false);
    expect(paused).toMatchObject({ safetyScore: 0, riskLevel: 'critical', isSafe: false });
    expect(paused.warnings.join('\n')).toMatch(/currently paused/);
  });

  it('a missing account or a non-mint account is a source failure, not a verdict', async () => {
    const nobody = Keypair.generate().publicKey;
    const missing = await service().getReport({ chain: 'solana', address: nobody.toBase58() });
    expect(missing.sources[0]?.error?.code).toBe('PROVIDER_NO_DATA');
    const wallet = await service().getReport({ chain: 'solana', address: payer.publicKey.toBase58() });
    expect(wallet.sources[0]?.error?.code).toBe('PROVIDER_BAD_RESPONSE');
    expect(wallet.isSafe).toBe(false);
  });

  it('a reader that never answers times out', async () => {
    const spl = createSplMintSource({ getAccountInfo: () => new Promise(() => undefined), timeoutMs: 50 });
    const report = await createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [spl] }).getReport({
      chain: 'solana',
      address: payer.publicKey.toBase58(),
    });
    expect(report.sources[0]?.error?.code).toBe('PROVIDER_TIMEOUT');
  });

  it('a failing RPC is a network error whose details keep the reason but not the URL (it may hold a key)', async () => {
    const spl = createSplMintSource({
      getAccountInfo: () => {
        throw new Error(
          'failed to get info: request to https://rpc.example/?api-key=SECRET123 failed, ECONNRESET',
        );
      },
    });
    const error = (await spl
      .fetchEvidence({
        chain: resolveChain({ chain: 'solana', table: TEST_CHAIN_TABLE }),
        address: payer.publicKey.toBase58(),
      })
      .catch((e: unknown) => e)) as Error & { code?: string; details?: string };
    expect(error.code).toBe('PROVIDER_NETWORK_ERROR');
    expect(error.details).toContain('ECONNRESET');
    expect(`${error.message} ${error.details}`).not.toContain('SECRET123');
    const report = await createTokenSecurityService({ chains: TEST_CHAIN_TABLE, sources: [spl] }).getReport({
      chain: 'solana',
      address: payer.publicKey.toBase58(),
    });
    expect(report.sources[0]?.error?.code).toBe('PROVIDER_NETWORK_ERROR');
    expect(report.isSafe).toBe(false);
  });
});
