const SLOT = 'wallet-ops.console.key';

/**
 * Where a key may outlive a reload: this tab's `sessionStorage`, only when the operator asks for it, and never
 * the local storage, a cookie or a URL. Closing the tab or signing out forgets it. The stored key is checked with the
 * server again before it is used (its role is never stored).
 *
 * @example
 * ```ts
 * tabKeyStore.write(key);
 * tabKeyStore.read(); // the key, until the tab closes or tabKeyStore.clear()
 * ```
 */
export const tabKeyStore = {
  read(): string | undefined {
    try {
      return sessionStorage.getItem(SLOT) ?? undefined;
    } catch {
      return undefined;
    }
  },
  write(key: string): void {
    try {
      sessionStorage.setItem(SLOT, key);
    } catch {
      // Storage refused (private mode, quota): the key stays in memory only.
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(SLOT);
    } catch {
      // Nothing stored.
    }
  },
};
