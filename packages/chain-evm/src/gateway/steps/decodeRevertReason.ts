import { AbiCoder } from 'ethers';

const PANICS: Record<string, string> = {
  '0x01': 'assertion failed',
  '0x11': 'arithmetic overflow or underflow',
  '0x12': 'division by zero',
  '0x21': 'invalid enum value',
  '0x22': 'invalid storage byte array',
  '0x31': 'pop on an empty array',
  '0x32': 'array index out of bounds',
  '0x41': 'out of memory',
  '0x51': 'call to an uninitialised function',
};

/**
 * A human reason for revert data: `Error(string)` → its message; `Panic(uint256)` → the panic's meaning; a custom
 * error → `custom error 0x<selector>` (with its data length); empty data → `reverted without a reason`.
 *
 * @example
 * ```ts
 * decodeRevertReason('0x08c379a0…'); // 'UniswapV2Router: EXPIRED'
 * ```
 */
export function decodeRevertReason(data: string | undefined | null): string {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(data) || data.length <= 2)
    return 'reverted without a reason';
  const selector = data.slice(0, 10).toLowerCase();
  const body = `0x${data.slice(10)}`;
  try {
    if (selector === '0x08c379a0') return String(AbiCoder.defaultAbiCoder().decode(['string'], body)[0]);
    if (selector === '0x4e487b71') {
      const code = `0x${(AbiCoder.defaultAbiCoder().decode(['uint256'], body)[0] as bigint).toString(16).padStart(2, '0')}`;
      return `panic ${code}: ${PANICS[code] ?? 'unknown panic'}`;
    }
  } catch {
    // fall through to the raw form
  }
  return `custom error ${selector} (${(data.length - 10) / 2} bytes of data)`;
}
