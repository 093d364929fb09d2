import {
  bad,
  integer,
  type Json,
  object,
  optionalAddress,
  optionalAmount,
  optionalInteger,
  optionalString,
  token,
} from './lifiShape.js';
import type { LifiStatus, LifiStatusTransaction, LifiStatusValue } from './types.js';

const STATUSES: readonly LifiStatusValue[] = ['NOT_FOUND', 'INVALID', 'PENDING', 'DONE', 'FAILED'];

/**
 * Checks that a `/v1/status` body has LI.FI's shape and returns it typed. `NOT_FOUND` (sent with HTTP 200 while the
 * source transaction is not indexed yet) is a valid status with nothing else. An unknown `status` value, a `txHash`
 * that is not a hash or an amount that is not a decimal string throws `BRIDGE_PROVIDER_BAD_RESPONSE`: a status we
 * cannot read is never taken for progress. Unknown substatuses are kept as they are (the normaliser decides).
 *
 * @example
 * ```ts
 * const status = parseLifiStatus(await response.json());
 * if (status.status === 'DONE' && status.substatus === 'COMPLETED') console.log(status.receiving?.txHash);
 * ```
 */
export function parseLifiStatus(body: unknown): LifiStatus {
  const root = object(body, 'status');
  const status = root['status'];
  if (typeof status !== 'string' || !STATUSES.includes(status as LifiStatusValue)) {
    throw bad('status.status', `expected one of ${STATUSES.join(', ')}`);
  }
  return {
    status: status as LifiStatusValue,
    substatus: optionalString(root, 'substatus', 'status'),
    substatusMessage: optionalString(root, 'substatusMessage', 'status'),
    tool: optionalString(root, 'tool', 'status'),
    transactionId: optionalString(root, 'transactionId', 'status'),
    sending: side(root, 'sending'),
    receiving: side(root, 'receiving'),
    fromAddress: optionalAddress(root, 'fromAddress', 'status'),
    toAddress: optionalAddress(root, 'toAddress', 'status'),
    lifiExplorerLink: optionalString(root, 'lifiExplorerLink', 'status'),
  };
}

function side(root: Json, key: 'sending' | 'receiving'): LifiStatusTransaction | null {
  if (root[key] === undefined || root[key] === null) return null;
  const path = `status.${key}`;
  const tx = object(root[key], path);
  const hash = optionalString(tx, 'txHash', path);
  if (hash !== null && !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw bad(`${path}.txHash`, 'expected a transaction hash');
  return {
    chainId: integer(tx, 'chainId', path),
    txHash: hash === null ? null : (hash.toLowerCase() as `0x${string}`),
    amount: optionalAmount(tx, 'amount', path),
    token: tx['token'] === undefined || tx['token'] === null ? null : token(tx['token'], `${path}.token`),
    value: optionalAmount(tx, 'value', path),
    timestamp: optionalInteger(tx, 'timestamp', path),
    gasAmount: optionalAmount(tx, 'gasAmount', path),
  };
}
