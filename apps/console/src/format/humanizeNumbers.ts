import { forPeople } from './forPeople';

/**
 * A sentence from the server (an intent's description: `swap 0.3 ETH for at least 892.546538 USDC`) with every
 * decimal figure in it rounded for people (`892.55`). The exact amounts stay on the record's token rows.
 *
 * @example
 * ```ts
 * humanizeNumbers('swap 0.3 ETH for at least 892.546538 USDC'); // 'swap 0.3 ETH for at least 892.55 USDC'
 * ```
 */
export function humanizeNumbers(text: string): string {
  return text.replace(/(?<![\w.])\d+\.\d+(?![\w.])/g, (figure) => forPeople(figure));
}
