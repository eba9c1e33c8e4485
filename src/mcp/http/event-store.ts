/**
 * An in-memory `EventStore` (the SDK's resumability interface) for
 * Streamable HTTP: the events of this process, the oldest dropped past a
 * bound in count and in bytes. Good for one instance; behind a load
 * balancer, or to survive a restart, implement the same three methods on a
 * shared store (Redis streams, a database table) and pass it as
 * `eventStore`.
 *
 * The bound in bytes is what keeps the store's memory bounded: 10,000
 * events of 2 MB each were 20 GB. Each event is kept as its JSON text and
 * charged its UTF-8 length.
 */
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";
import { utf8Length } from "../../util/utf8-length.js";

/** What `createInMemoryEventStore` takes. */
export interface InMemoryEventStoreOptions {
  /** Events kept across all streams; the oldest go first. 10,000 by default. */
  readonly maxEvents?: number;
  /**
   * Bytes of events kept across all streams — each event's JSON as UTF-8;
   * the oldest go first. 16 MiB by default. An event larger than the whole
   * bound is sent but not kept (with every older event: a client resuming
   * from before it is told its event id is unknown, never replayed a stream
   * with a hole in it).
   *
   * @example
   * ```ts
   * createInMemoryEventStore({ maxBytes: 64 * 1024 * 1024 })
   * ```
   */
  readonly maxBytes?: number;
}

/** The default count bound of `createInMemoryEventStore`. */
export const DEFAULT_MAX_STORED_EVENTS = 10_000;

/** The default byte bound of `createInMemoryEventStore`: 16 MiB. */
export const DEFAULT_MAX_STORED_EVENT_BYTES = 16 * 1024 * 1024;

interface Stored {
  readonly streamId: string;
  /** The message as JSON: what is charged is what is held. */
  readonly text: string;
  readonly bytes: number;
}

/**
 * An `EventStore` keeping at most `maxEvents` events and `maxBytes` bytes
 * in memory. Event ids are a process-wide counter, so a client's
 * `Last-Event-ID` names one event and its stream; an id it no longer holds
 * is answered as unknown (the SDK replies 400), never with another stream's
 * events. `RangeError` for a bound that is not a whole number ≥ 1.
 *
 * @example
 * ```ts
 * createHttpHandler(router, { eventStore: createInMemoryEventStore(), retryInterval: 1000 });
 * ```
 */
export function createInMemoryEventStore(options: InMemoryEventStoreOptions = {}): EventStore {
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_STORED_EVENTS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_STORED_EVENT_BYTES;
  if (!Number.isSafeInteger(maxEvents) || maxEvents < 1)
    throw new RangeError(`maxEvents must be a whole number ≥ 1, not ${String(maxEvents)}`);
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
    throw new RangeError(`maxBytes must be a whole number of bytes ≥ 1, not ${String(maxBytes)}`);
  // Insertion order is event order: a Map gives replay in order and drops the oldest first.
  const events = new Map<string, Stored>();
  let bytes = 0;
  let counter = 0;
  return {
    async storeEvent(streamId, message) {
      const eventId = String(++counter);
      const text = JSON.stringify(message);
      const stored = { streamId, text, bytes: utf8Length(text) + utf8Length(streamId) };
      events.set(eventId, stored);
      bytes += stored.bytes;
      // The newest goes too when it alone is over the bound: nothing older may stay behind a hole.
      for (const [oldest, event] of events) {
        if (events.size <= maxEvents && bytes <= maxBytes) break;
        events.delete(oldest);
        bytes -= event.bytes;
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
        else if (after && stored.streamId === last.streamId && stored.text !== "{}")
          await send(eventId, JSON.parse(stored.text) as JSONRPCMessage);
      }
      return last.streamId;
    },
  };
}
