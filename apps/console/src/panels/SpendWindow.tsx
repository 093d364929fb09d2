import type { EthAmount, WindowSpend } from '../api/schemas';
import { Amount } from '../ui/Amount';
import { percentText } from '../format/percentText';
import { share } from '../format/share';

/**
 * One spend window of the governor as a bar and words: spent (committed + reserved) of the cap, the share, and
 * what remains. The bar is a `<meter>` (its value is read out by screen readers; the text says it all too).
 *
 * @example
 * ```tsx
 * <SpendWindow name="Daily" spend={status.spent.daily} limit={status.limits.dailyLimit} remaining={status.remaining.daily} />
 * ```
 */
export function SpendWindow({
  name,
  spend,
  limit,
  remaining,
}: {
  name: string;
  spend: WindowSpend;
  limit: EthAmount;
  remaining: EthAmount;
}) {
  const part = share(spend.total.wei, limit.wei);
  const id = `window-${name.toLowerCase()}`;
  return (
    <div class="window" data-window={name.toLowerCase()}>
      <div class="window-head">
        <span id={id}>{name}</span>
        <span>
          <Amount value={spend.total.eth} /> of <Amount value={limit.eth} unit="ETH" />
          {part === undefined ? '' : ` (${percentText(part)})`}
        </span>
      </div>
      {part === undefined ? null : (
        <meter aria-labelledby={id} min={0} max={1000} low={700} high={900} optimum={0} value={part} />
      )}
      <div class="window-foot muted">
        committed <Amount value={spend.committed.eth} /> · reserved <Amount value={spend.reserved.eth} /> ·{' '}
        <strong>
          remaining <Amount value={remaining.eth} unit="ETH" />
        </strong>
      </div>
    </div>
  );
}
