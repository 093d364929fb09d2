import { encryptKeystoreJson, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { loadKeystore } from './loadKeystore.js';

// A light scrypt cost keeps the test fast; the decryption path is the same as for a production keystore.
const wallet = Wallet.createRandom();
const json = await encryptKeystoreJson(
  { address: wallet.address, privateKey: wallet.privateKey },
  'correct horse',
  { scrypt: { N: 1 << 10 } },
);

describe('loadKeystore', () => {
  it('decrypts a V3 keystore to the same address and key', async () => {
    const loaded = await loadKeystore({ json, password: 'correct horse' });
    expect(loaded.address).toBe(wallet.address);
    expect(loaded.privateKey).toBe(wallet.privateKey);
  });

  it('rejects a wrong password with KEYSTORE_PASSWORD and no secret in the message', async () => {
    const error = await loadKeystore({ json, password: 'battery staple' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'KEYSTORE_PASSWORD' });
    expect(String((error as Error).message)).not.toContain('battery');
    expect(String((error as Error).message)).not.toContain(wallet.privateKey.slice(2, 12));
  });

  it.each(['', 'not json', '{}', '{"crypto":null}', '[]'])('rejects malformed keystore %j', async (bad) => {
    await expect(loadKeystore({ json: bad, password: 'x' })).rejects.toMatchObject({
      code: 'KEYSTORE_INVALID',
    });
  });
});
