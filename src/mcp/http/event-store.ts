/**
 * An in-memory `EventStore` (the SDK's resumability interface) for
 * Streamable HTTP: the events of this process, the oldest dropped past a
 * bound. Good for one instance; behind a load balancer, or to survive a
 * restart, implement the same three methods on a shared store (Redis
 * streams, a database table) and pass it as `eventStore`.
 */
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";

/** What `createInMemoryEventStore` takes. */
export interface InMemoryEventStoreOptions {
  /** Events kept across all streams; the oldest go first. 10,000 by default. */
  readonly maxEvents?: number;
}

/** The default bound of `createInMemoryEventStore`. */
export const DEFAULT_MAX_STORED_EVENTS = 10_000;

interface Stored {
  readonly streamId: string;
  readonly message: JSONRPCMessage;
}

/**
 * An `EventStore` keeping at most `maxEvents` events in memory. Event ids
 * are a process-wide counter, so a client's `Last-Event-ID` names one event
 * and its stream; an id it no longer holds is answered as unknown (the SDK
 * replies 400), never with another stream's events.
 *
 * @example
 * ```ts
 * createHttpHandler(router, { eventStore: createInMemoryEventStore(), retryInterval: 1000 });
 * ```
 */
export function createInMemoryEventStore(options: InMemoryEventStoreOptions = {}): EventStore {
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_STORED_EVENTS;
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new RangeError(`maxEvents must be a whole number ≥ 1, not ${String(maxEvents)}`);
  // Insertion order is event order: a Map gives replay in order and drops the oldest first.
  const events = new Map<string, Stored>();
  let counter = 0;
  return {
    async storeEvent(streamId, message) {
      const eventId = String(++counter);
      events.set(eventId, { streamId, message });
      if (events.size > maxEvents) {
        const oldest = events.keys().next();
        if (oldest.done !== true) events.delete(oldest.value);
      }
      return eventId;
    },
    async getStreamIdForEventId(eventId) {
      return events.get(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const last = events.get(lastEventId);
      if (last === undefined) return "";
      let after = false;
      // A copy: sending may store new events while this replays.
      for (const [eventId, stored] of [...events]) {
        if (eventId === lastEventId) after = true;
        // A priming event carries no message: nothing to resend.
        else if (after && stored.streamId === last.streamId && Object.keys(stored.message).length > 0) await send(eventId, stored.message);
      }
      return last.streamId;
    },
  };
}
