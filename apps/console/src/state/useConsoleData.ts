import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Execution } from '../api/schemas';
import { type ConsoleEvent, followEvents, type StreamState } from '../events/followEvents';
import type { Session } from '../session/Session';
import type { Loaded } from './Loaded';
import { recordSeen, type SeenExecution } from './recordSeen';
import { type ResourceId, type ResourceValue, resources } from './resources';
import { type AlertView, toAlertView } from './toAlertView';

/** Everything the panels read. */
export interface ConsoleData {
  readonly connection: StreamState;
  readonly resources: { readonly [K in ResourceId]: Loaded<ResourceValue<K>> };
  /** Executions seen on the stream or in answers (what an operator key sees when it may not read `/executions`). */
  readonly seen: ReadonlyMap<string, SeenExecution>;
  /** `watcher.alert` events received in this tab, newest first. */
  readonly liveAlerts: readonly AlertView[];
  /** After an action: keep the execution its answer carried and read these resources again now. */
  readonly afterAction: (p: {
    readonly execution?: Execution;
    readonly refresh: readonly ResourceId[];
  }) => void;
}

const ids = Object.keys(resources) as ResourceId[];
const initial = Object.fromEntries(ids.map((id) => [id, { state: 'loading' }])) as ConsoleData['resources'];

/**
 * Reads every resource of the table, follows `GET /events`, and reads again what an event changed (a `gap` or a
 * reconnection reads everything): no reload, no polling. Reads of one resource never overlap; a change during a
 * read reads it once more. Stops when the session ends (sign-out).
 *
 * @example
 * ```ts
 * const data = useConsoleData(session);
 * data.resources.governor.state; // 'loading' | 'ready' | 'failed'
 * ```
 */
export function useConsoleData(session: Session): ConsoleData {
  const [connection, setConnection] = useState<StreamState>({ kind: 'connecting' });
  const [loaded, setLoaded] = useState<ConsoleData['resources']>(initial);
  const [seen, setSeen] = useState<ReadonlyMap<string, SeenExecution>>(new Map());
  const [liveAlerts, setLiveAlerts] = useState<readonly AlertView[]>([]);
  const reading = useRef(new Set<ResourceId>());
  const again = useRef(new Set<ResourceId>());
  const alive = useRef(true);

  const read = useCallback(
    (id: ResourceId): void => {
      if (reading.current.has(id)) {
        again.current.add(id);
        return;
      }
      reading.current.add(id);
      void resources[id].load(session).then((answer) => {
        reading.current.delete(id);
        if (!alive.current) return;
        setLoaded((before) => ({
          ...before,
          [id]: answer.ok
            ? { state: 'ready', value: answer.body, at: Date.now() }
            : { state: 'failed', failure: answer },
        }));
        if (again.current.delete(id)) read(id);
      });
    },
    [session],
  );

  useEffect(() => {
    alive.current = true;
    setLoaded(initial);
    setSeen(new Map());
    setLiveAlerts([]);
    for (const id of ids) read(id);
    const onEvent = (event: ConsoleEvent) => {
      if (event.type === 'gap') {
        for (const id of ids) read(id);
        return;
      }
      for (const id of ids) if (resources[id].refreshOn.includes(event.type)) read(id);
      setSeen((before) => recordSeen(before, { event }));
      if (event.type === 'watcher.alert') {
        const view = toAlertView({ event });
        if (view) setLiveAlerts((before) => [view, ...before.filter((a) => a.id !== view.id)].slice(0, 50));
      }
    };
    let opened = false;
    const follower = followEvents({
      session,
      onEvent,
      onState: (state) => {
        if (!alive.current) return;
        setConnection(state);
        // A reconnection may have missed changes older than what the server still replays: read everything.
        if (state.kind === 'open' && opened) for (const id of ids) read(id);
        if (state.kind === 'open') opened = true;
      },
    });
    return () => {
      alive.current = false;
      follower.stop();
    };
  }, [session, read]);

  const afterAction = useCallback<ConsoleData['afterAction']>(
    ({ execution, refresh }) => {
      if (execution) setSeen((before) => recordSeen(before, { execution }));
      for (const id of refresh) read(id);
    },
    [read],
  );

  return { connection, resources: loaded, seen, liveAlerts, afterAction };
}
