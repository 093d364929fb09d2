import type { Execution } from '../api/schemas';
import { forPeople } from '../format/forPeople';
import { humanizeNumbers } from '../format/humanizeNumbers';
import { Amount } from '../ui/Amount';
import { formatUnits } from '../format/formatUnits';
import { StatusBadge } from '../ui/StatusBadge';
import { TokenAmounts } from '../ui/TokenAmounts';
import { When } from '../ui/When';

const gwei = (wei: string) => `${forPeople(formatUnits(wei, 9))} gwei`;

/**
 * One execution, explorer-style: a summary line (status in words, action, value, when) that opens on its
 * details — from, to, nonce, every signed transaction (a replacement is one more with the same nonce: its hash,
 * fees and when it was signed), the mined hash and block, the fee paid, the governor's charge, the refusal code
 * and what the action produced. `status` overrides the record's (a newer one seen on the live stream).
 *
 * @example
 * ```tsx
 * <ExecutionDetails execution={execution} />
 * // with a newer status seen on the live stream:
 * <ExecutionDetails execution={execution} status="confirmed" />
 * ```
 */
export function ExecutionDetails({
  execution: e,
  status = e.status,
}: {
  execution: Execution;
  status?: string;
}) {
  return (
    <details class="execution" data-execution-id={e.id} data-status={status}>
      <summary>
        <StatusBadge status={status} /> <strong>{e.action}</strong> on {e.chain.name}
        {e.code ? (
          <>
            {' '}
            <code>{e.code}</code>
          </>
        ) : null}{' '}
        <span class="muted">
          <When at={e.updatedAt} />
        </span>
      </summary>
      <p class="description" title={e.description}>
        {humanizeNumbers(e.description)}
      </p>
      <dl class="facts">
        <dt>Execution</dt>
        <dd>
          <code>{e.id}</code> · created <When at={e.createdAt} />
        </dd>
        <dt>From → to</dt>
        <dd>
          <code class="address">{e.from}</code> → <code class="address">{e.to}</code>
        </dd>
        <dt>Value</dt>
        <dd>
          <Amount value={e.nativeValue.eth} unit="ETH" /> sent · charged to the governor{' '}
          {e.charged ? <Amount value={e.charged.eth} unit="ETH" /> : 'nothing'}
        </dd>
        <dt>Spends</dt>
        <dd>
          <TokenAmounts items={e.spends} empty="no tokens" />
        </dd>
        <dt>Acquires</dt>
        <dd>
          <TokenAmounts items={e.acquires} empty="no tokens" />
        </dd>
        <dt>Nonce</dt>
        <dd>{e.nonce ?? 'none (not signed)'}</dd>
        <dt>Mined</dt>
        <dd>
          {e.txHash ? (
            <>
              <code class="hash" data-tx-hash={e.txHash}>
                {e.txHash}
              </code>{' '}
              in block {e.blockNumber ?? '?'}
              {e.blockHash ? (
                <>
                  {' '}
                  (
                  <code class="hash" data-block-hash={e.blockHash}>
                    {e.blockHash}
                  </code>
                  )
                </>
              ) : null}
            </>
          ) : e.code === 'REORGED' ? (
            <span class="reorged" data-reorged="true">
              its block was reorganized away: waiting to be mined again (the same signed transaction)
            </span>
          ) : (
            'not mined'
          )}
        </dd>
        <dt>Fee paid</dt>
        <dd>{e.fee ? <Amount value={e.fee.eth} unit="ETH" /> : 'none yet'}</dd>
        <dt>Transactions</dt>
        <dd>
          {e.transactions.length === 0 ? (
            'none signed'
          ) : (
            <ol class="plain">
              {e.transactions.map((t, i) => (
                <li key={t.hash}>
                  {i === 0 ? 'sent' : `replacement ${i}`}: <code class="hash">{t.hash}</code> · nonce{' '}
                  {t.nonce} · gas limit {t.gasLimit} · max fee {gwei(t.maxFeePerGas)}
                  {t.maxPriorityFeePerGas === null ? '' : ` · tip ${gwei(t.maxPriorityFeePerGas)}`} · signed{' '}
                  <When at={t.signedAt} />
                </li>
              ))}
            </ol>
          )}
        </dd>
        {e.reason ? (
          <>
            <dt>Reason</dt>
            <dd>{e.reason}</dd>
          </>
        ) : null}
        {e.result ? (
          <>
            <dt>Result</dt>
            <dd>
              <code class="json">{JSON.stringify(e.result)}</code>
            </dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}
