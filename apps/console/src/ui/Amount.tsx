import { useState } from 'preact/hooks';
import { forPeople } from '../format/forPeople';

/**
 * An amount for people: rounded (`0.0439 ETH`), the exact figure on hover and one click away (the button shows it in
 * place; another click rounds it again). `data-exact` carries the exact figure for whoever reads the page by machine.
 *
 * @example
 * ```tsx
 * <Amount value="0.043909602618363838" unit="ETH" />
 * ```
 */
export function Amount({ value, unit }: { value: string; unit?: string | null }) {
  const [exact, setExact] = useState(false);
  const suffix = unit ? ` ${unit}` : '';
  const rounded = forPeople(value);
  if (rounded === value) {
    return (
      <span class="amount" data-exact={value}>
        {value}
        {suffix}
      </span>
    );
  }
  return (
    <button
      type="button"
      class="amount"
      data-exact={value}
      title={`${value}${suffix} (exact)`}
      aria-pressed={exact}
      onClick={() => setExact(!exact)}
    >
      {exact ? value : rounded}
      {suffix}
    </button>
  );
}
