/**
 * Decodes one ABI uint256 return value (`getBlockNumber`, `getEthBalance`, `balanceOf`, `allowance`…); `null` when
 * the data is not exactly one 32-byte word (a token that returns nothing or garbage is unknown, never 0).
 *
 * @example
 * ```ts
 * decodeUint256(result.returnData) ?? 'unknown';
 * ```
 */
export function decodeUint256(returnData: `0x${string}`): bigint | null {
  if (!/^0x[0-9a-fA-F]{64}$/.test(returnData)) return null;
  return BigInt(returnData);
}
