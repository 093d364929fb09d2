import { Fragment } from 'preact';
import { formatUnits } from '../format/formatUnits';
import { Amount } from '../ui/Amount';
import { When } from '../ui/When';
import { type AlertView, toAlertView } from '../state/toAlertView';
import { Failed } from '../ui/Failed';
import { StatusBadge } from '../ui/StatusBadge';
import type { PanelContext } from './PanelContext';

const detailText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const isBase = (v: unknown): v is string => typeof v === 'string' && /^[0-9]+$/.test(v);

/**
 * An alert's details for people: the native balance and every `…Wei` figure in ETH (rounded, exact one click away);
 * a token's figures stay base units (the alert does not carry the token's decimals) and say so.
 */
function AlertDetail({ name, value, native }: { name: string; value: unknown; native: boolean }) {
  if (name.endsWith('Wei') && isBase(value)) {
    return (
      <>
        <dt>{name.slice(0, -3) || 'value'}</dt>
        <dd>
          <Amount value={formatUnits(value, 18)} unit="ETH" />
        </dd>
      </>
    );
  }
  if (native && ['before', 'after', 'amount'].includes(name) && isBase(value)) {
    return (
      <>
        <dt>{name}</dt>
        <dd>
          <Amount value={formatUnits(value, 18)} unit="ETH" />
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>{name}</dt>
      <dd>{detailText(value)}</dd>
    </>
  );
}

/** One alert: severity in words, kind, the wallet (its label and address, as text), the details, the hash. */
function AlertRow({ alert: a, label }: { alert: AlertView; label: string | null }) {
  return (
    <li class="alert" data-alert-id={a.id} data-severity={a.severity}>
      <StatusBadge status={a.severity} /> <strong>{a.kind}</strong> on {a.chain} —{' '}
      {label === null ? null : (
        <span class="label" data-label-for={a.address}>
          {label}
        </span>
      )}{' '}
      <code class="address">{a.address}</code>
      <dl class="facts compact">
        {Object.entries(a.details).map(([name, value]) => (
          <Fragment key={name}>
            <AlertDetail name={name} value={value} native={a.details.asset === 'native'} />
          </Fragment>
        ))}
      </dl>
      {a.txHash ? (
        <div>
          tx <code class="hash">{a.txHash}</code>
          {a.block === null ? '' : ` in block ${a.block}`}
        </div>
      ) : null}
      <span class="muted">
        <When at={a.createdAt} />
      </span>
    </li>
  );
}

/**
 * Wallet-watcher alerts, newest first, with each wallet's label (from `/watcher/list`). When the key may not read
 * them, the refusal is shown and the alerts that arrived live in this tab are listed instead.
 *
 * @example
 * ```tsx
 * <AlertsPanel session={session} data={data} />
 * ```
 */
export function AlertsPanel({ data }: PanelContext) {
  const loaded = data.resources.alerts;
  const wallets = data.resources.wallets;
  const labels = new Map<string, string>();
  if (wallets.state === 'ready')
    for (const w of wallets.value)
      if (w.label !== null) labels.set(`${w.chain.id}:${w.address.toLowerCase()}`, w.label);
  const labelOf = (a: AlertView) => labels.get(`${a.chainId}:${a.address.toLowerCase()}`) ?? null;
  if (loaded.state === 'loading') return <p class="muted">Reading alerts…</p>;
  const list =
    loaded.state === 'ready'
      ? loaded.value.flatMap((alert) => toAlertView({ alert }) ?? [])
      : (data.liveAlerts as AlertView[]);
  return (
    <div>
      {loaded.state === 'failed' ? (
        <>
          <Failed failure={loaded.failure} what="watcher alerts" />
          <h3>Arrived in this tab</h3>
        </>
      ) : null}
      {list.length === 0 ? (
        <p class="muted">No alert.</p>
      ) : (
        <ul class="rows">
          {list.map((a) => (
            <AlertRow key={a.id} alert={a} label={labelOf(a)} />
          ))}
        </ul>
      )}
    </div>
  );
}
