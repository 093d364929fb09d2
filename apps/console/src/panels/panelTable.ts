import type { FunctionComponent } from 'preact';
import { AlertsPanel } from './AlertsPanel';
import { BridgePanel } from './BridgePanel';
import { DcaPanel } from './DcaPanel';
import { ExecutionsPanel } from './ExecutionsPanel';
import { GovernorPanel } from './GovernorPanel';
import { HeldActionsPanel } from './HeldActionsPanel';
import type { PanelContext } from './PanelContext';

/** One panel of the console: its heading and what it shows. */
export interface PanelDefinition {
  readonly id: string;
  readonly title: string;
  readonly render: FunctionComponent<PanelContext>;
}

/**
 * The panels, in page order. A new kind of record is one more entry here (and its resource in the resource
 * table); the layout takes any number.
 *
 * @example
 * ```ts
 * panelTable.map((p) => p.title); // ['Held actions', 'Governor', 'Executions', 'DCA orders', 'Bridge transfers', 'Watcher alerts']
 * ```
 */
export const panelTable: readonly PanelDefinition[] = [
  { id: 'held', title: 'Held actions', render: HeldActionsPanel },
  { id: 'governor', title: 'Governor', render: GovernorPanel },
  { id: 'executions', title: 'Executions', render: ExecutionsPanel },
  { id: 'dca', title: 'DCA orders', render: DcaPanel },
  { id: 'bridges', title: 'Bridge transfers', render: BridgePanel },
  { id: 'alerts', title: 'Watcher alerts', render: AlertsPanel },
];
