import { formatUnits } from '../format/formatUnits';
import { Amount } from './Amount';

/** A token amount as the API gives it (held actions and executions share this shape). */
export interface TokenAmount {
  readonly token: string;
  readonly amount: string;
  readonly symbol?: string;
  readonly decimals?: number;
}

/**
 * Token amounts as text: `1.5 USDC` with the token's address under it; base units when the decimals are unknown.
 *
 * @example
 * ```tsx
 * <TokenAmounts items={confirmation.spends} empty="nothing" />
 * ```
 */
export function TokenAmounts({ items, empty }: { items: readonly TokenAmount[]; empty: string }) {
  if (items.length === 0) return <span class="muted">{empty}</span>;
  return (
    <ul class="plain">
      {items.map((t) => (
        <li key={`${t.token}-${t.amount}`}>
          <strong>
            {t.decimals === undefined ? (
              `${t.amount} base units of ${t.symbol ?? 'an unknown token'}`
            ) : (
              <Amount value={formatUnits(t.amount, t.decimals)} unit={t.symbol ?? 'token'} />
            )}
          </strong>{' '}
          <code class="address">{t.token}</code>
        </li>
      ))}
    </ul>
  );
}
