import type { Session } from '../session/Session';
import type { ConsoleData } from '../state/useConsoleData';

/** What every panel of the panel table is given. */
export interface PanelContext {
  readonly session: Session;
  readonly data: ConsoleData;
}
