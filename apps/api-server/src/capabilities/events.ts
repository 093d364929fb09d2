import * as server from '../config/schema/server.js';
import { EventHub } from '../events/EventHub.js';
import { StreamLimits } from '../events/StreamLimits.js';
import type { Capability } from './Capability.js';

/**
 * The live stream (`GET /events`): one hub every row publishes to. Its job's stop closes the open streams, which
 * would otherwise keep the server from closing; it is the first row with a job, so its stop comes last.
 */
export const events: Capability = {
  name: 'events',
  reads: [server.EVENTS_HEARTBEAT_SECONDS, server.EVENTS_MAX_STREAMS, server.EVENTS_MAX_STREAMS_PER_CLIENT],
  controllers: ['EventsController'],
  async start({ config, shared, stores, log }) {
    // On a shared backend every instance's events come through the shared log; otherwise the hub is this process's.
    const sharedLog = stores.sharedEvents(log);
    const hub = sharedLog ? await sharedLog.open({ retain: 1_000 }) : new EventHub({ retain: 1_000 });
    shared.hub = hub;
    shared.hubShared = sharedLog !== undefined;
    return {
      services: {
        events: { hub, heartbeatMs: config.eventsHeartbeatMs, limits: new StreamLimits(config.eventStreams) },
      },
      // A later row failing to start: the listening connection goes back to the pool before the pool closes.
      release: async () => {
        await sharedLog?.close();
      },
      jobs: [
        {
          name: 'event-streams',
          start: () => undefined,
          stop: async () => {
            hub.close();
            await sharedLog?.close();
          },
        },
      ],
    };
  },
};
