import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { createRandomWallet } from './createRandomWallet.js';
import { WalletManager } from './WalletManager.js';
import { walletFromPrivateKey } from './walletFromPrivateKey.js';

describe('WalletManager', () => {
  it('adds, lists without keys, gets, removes and clears every key', () => {
    const manager = new WalletManager();
    const a = createRandomWallet();
    const b = createRandomWallet();
    expect(manager.add({ name: 'a', privateKey: a.privateKey })).toBe(a.address);
    manager.add({ name: 'b', wallet: new Wallet(b.privateKey) });
    expect(manager.list()).toEqual([
      { name: 'a', address: a.address },
      { name: 'b', address: b.address },
    ]);
    expect(JSON.stringify(manager.list())).not.toContain(a.privateKey.slice(2));
    expect(manager.get('a').privateKey).toBe(a.privateKey);
    expect(manager.remove('a')).toBe(true);
    expect(() => manager.get('a')).toThrow(expect.objectContaining({ code: 'WALLET_NOT_FOUND' }));
    manager.clear();
    expect(manager.size).toBe(0);
    expect(() => manager.get('b')).toThrow(expect.objectContaining({ code: 'WALLET_NOT_FOUND' }));
  });

  it('rejects bad names and bad keys', () => {
    const manager = new WalletManager();
    for (const name of ['', 'has space', 'x'.repeat(65), 'a/b']) {
      expect(() => manager.add({ name, privateKey: createRandomWallet().privateKey })).toThrow(
        expect.objectContaining({ code: 'INVALID_WALLET_NAME' }),
      );
    }
    expect(() => manager.add({ name: 'x' })).toThrow(
      expect.objectContaining({ code: 'INVALID_PRIVATE_KEY' }),
    );
    expect(manager.size).toBe(0);
  });
});

describe('createRandomWallet / walletFromPrivateKey', () => {
  it('creates distinct wallets whose key derives the address', () => {
    const one = createRandomWallet();
    const two = createRandomWallet();
    expect(one.address).not.toBe(two.address);
    expect(walletFromPrivateKey({ privateKey: one.privateKey }).address).toBe(one.address);
    expect(walletFromPrivateKey({ privateKey: one.privateKey.slice(2) }).address).toBe(one.address);
  });

  it.each(['', '0x12', `0x${'0'.repeat(64)}`, `0x${'f'.repeat(64)}`, `0x${'g'.repeat(64)}`])(
    'rejects key %j without echoing it',
    (privateKey) => {
      const error = (() => {
        try {
          walletFromPrivateKey({ privateKey });
        } catch (e) {
          return e as Error & { code?: string };
        }
        return undefined;
      })();
      expect(error?.code).toBe('INVALID_PRIVATE_KEY');
      if (privateKey.length > 4) expect(error?.message).not.toContain(privateKey.slice(2, 20));
    },
  );
});
