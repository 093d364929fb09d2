// Address comparisons of the bridge checks. LI.FI writes the native coin as 0x000…000 (and some tools as 0xEeee…EEeE).

export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
}

export function isNativeAsset(address: string): boolean {
  return /^0x0{40}$/.test(address) || /^0xe{40}$/i.test(address);
}

/** The same asset: the same address, or both the native coin. */
export function sameAsset(a: string, b: string): boolean {
  return sameAddress(a, b) || (isNativeAsset(a) && isNativeAsset(b));
}
