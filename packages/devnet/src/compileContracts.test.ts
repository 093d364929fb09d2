import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileContracts } from './compileContracts.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'devnet-solc-test-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('compileContracts', () => {
  it('compiles with solc-js, then serves the identical output from the source-hash cache', async () => {
    const cold = await compileContracts({ cacheDir });
    expect(cold.fromCache).toBe(false);
    expect(Object.keys(cold.contracts).sort()).toEqual(
      [
        'DevnetToken',
        'DevnetVault',
        'FeeOnTransferToken',
        'HighTaxToken',
        'HoneypotToken',
        'SwitchableToken',
        'DevnetCollectible',
        'BuyTaxToken',
        'DevnetBridge',
        'DevnetFeeVault',
        'DevnetCappedVault',
      ].sort(),
    );
    for (const contract of Object.values(cold.contracts))
      expect(contract.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    const files = readdirSync(cacheDir);
    expect(files).toEqual([`solc-${cold.sourceHash.slice(0, 32)}.json`]);

    const warm = await compileContracts({ cacheDir });
    expect(warm.fromCache).toBe(true);
    expect(warm.sourceHash).toBe(cold.sourceHash);
    expect(warm.contracts).toEqual(cold.contracts);

    // A damaged cache entry is a miss, not an error.
    writeFileSync(join(cacheDir, files[0]!), '{"DevnetToken":');
    const repaired = await compileContracts({ cacheDir });
    expect(repaired.fromCache).toBe(false);
    expect(repaired.contracts).toEqual(cold.contracts);
    // Two cold solc-js compiles of every contract: about 50 s on a loaded 2-core machine.
  }, 180_000);

  it('validates its parameters', async () => {
    await expect(compileContracts({ cacheDir: '' })).rejects.toMatchObject({
      code: 'DEVNET_INVALID_PARAMETER',
    });
  });
});
