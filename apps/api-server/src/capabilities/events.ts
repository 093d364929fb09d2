import * as server from '../config/schema/server.js';
import { EventHub } from '../events/EventHub.js';
import type { Capability } from './Capability.js';

/**
 * The live stream (`GET /events`): one hub every row publishes to. Its job's stop closes the open streams, which
 * would otherwise keep the server from closing; it is the first row with a job, so its stop comes last.
 */
export const events: Capability = {
  name: 'events',
  reads: [server.EVENTS_HEARTBEAT_SECONDS],
  controllers: ['EventsController'],
  start({ config, shared }) {
    const hub = new EventHub({ retain: 1_000 });
    shared.hub = hub;
    return {
      services: { events: { hub, heartbeatMs: config.eventsHeartbeatMs } },
      jobs: [{ name: 'event-streams', start: () => undefined, stop: () => hub.close() }],
    };
  },
};
