/**
 * One session's view of the shared event store: its stream ids and event
 * ids carry the session id, so the store keeps every session's streams
 * apart (the SDK names every standalone stream alike) and a `Last-Event-ID`
 * from another session is refused instead of replaying that session's
 * messages: the store's `getStreamIdForEventId` (required at start-up) says
 * which stream an event is on, and only this session's streams replay.
 *
 * Every store call is bounded (`storeCall`). A store that fails to keep an
 * event does not stop the message: it is sent live under an id no replay
 * knows (a client resuming from it starts afresh), and the failure is
 * reported — a store outage costs resumability, never the answers. While a
 * revived session replays its `initialize` (`session-revival.ts`), its
 * events are not stored either: no client reads them.
 */
import type { EventStore } from "@modelcontextprotocol/server";
import { storeCall, type StoreFailure } from "./store-calls.js";

/** The event id of an event not stored: withheld, or the store failed. No store ever hands it out (it carries no prefix). */
const UNSTORED = "unstored";

/** How a session's view calls the store. */
export interface EventStoreBounds {
  /** The bound of every store call (`storeTimeoutMs`). */
  readonly timeoutMs: number;
  /** Told of every failed store call, before it is answered (a storing failure is not answered further). */
  readonly report: (failure: StoreFailure) => void;
}

/**
 * `store` as seen by the session `sessionId`; events are not stored while
 * `withholding()` is true.
 *
 * @example
 * ```ts
 * const eventStore = sessionEventStore(redisStore, id, { timeoutMs: 5000, report }); // streams stored as `${id}/${streamId}`
 * ```
 */
export function sessionEventStore(
  store: EventStore,
  sessionId: string,
  bounds: EventStoreBounds,
  withholding: () => boolean = () => false,
): EventStore {
  const prefix = `${sessionId}/`;
  const own = (id: string): string | undefined => {
    const inner = id.startsWith(prefix) ? id.slice(prefix.length) : undefined;
    return inner === UNSTORED ? undefined : inner;
  };
  const call = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await storeCall("eventStore", method, run, bounds.timeoutMs);
    } catch (failure) {
      bounds.report(failure as StoreFailure);
      throw failure;
    }
  };
  const lookup = store.getStreamIdForEventId?.bind(store);
  if (lookup === undefined) throw new RangeError("eventStore must implement getStreamIdForEventId");
  /** The stream of this session an event of the store is on, or `undefined` when it is on none of them. */
  const streamOf = async (id: string): Promise<string | undefined> => {
    const streamId = await call("getStreamIdForEventId", () => lookup(id));
    return streamId === undefined ? undefined : own(streamId);
  };
  return {
    async storeEvent(streamId, message) {
      if (withholding()) return prefix + UNSTORED;
      try {
        return prefix + (await call("storeEvent", () => store.storeEvent(prefix + streamId, message)));
      } catch {
        return prefix + UNSTORED;
      }
    },
    async replayEventsAfter(lastEventId, { send }) {
      const id = own(lastEventId);
      // The SDK asks getStreamIdForEventId first; asked again here, so no path replays another session's stream.
      if (id === undefined || (await streamOf(id)) === undefined) throw new Error("the event id belongs to no stream of this session");
      const streamId = await call("replayEventsAfter", () =>
        store.replayEventsAfter(id, { send: (eventId, message) => send(prefix + eventId, message) }),
      );
      return own(streamId) ?? streamId;
    },
    async getStreamIdForEventId(eventId) {
      const id = own(eventId);
      return id === undefined ? undefined : streamOf(id);
    },
  };
}
