/**
 * One session's view of the shared event store: its stream ids and event
 * ids carry the session id, so the store keeps every session's streams
 * apart (the SDK names every standalone stream alike) and a `Last-Event-ID`
 * from another session is refused instead of replaying that session's
 * messages.
 *
 * While a revived session replays its `initialize` (`session-revival.ts`),
 * the events of that replay are withheld: no client reads them.
 */
import type { EventStore } from "@modelcontextprotocol/server";

/**
 * `store` as seen by the session `sessionId`; events are not stored while
 * `withholding()` is true.
 *
 * @example
 * ```ts
 * const eventStore = sessionEventStore(redisStore, id); // streams stored as `${id}/${streamId}`
 * ```
 */
export function sessionEventStore(store: EventStore, sessionId: string, withholding: () => boolean = () => false): EventStore {
  const prefix = `${sessionId}/`;
  const own = (id: string): string | undefined => (id.startsWith(prefix) ? id.slice(prefix.length) : undefined);
  const scoped: EventStore = {
    storeEvent: async (streamId, message) => prefix + (withholding() ? "withheld" : await store.storeEvent(prefix + streamId, message)),
    async replayEventsAfter(lastEventId, { send }) {
      const id = own(lastEventId);
      if (id === undefined) throw new Error("the event id belongs to no stream of this session");
      const streamId = await store.replayEventsAfter(id, { send: (eventId, message) => send(prefix + eventId, message) });
      return own(streamId) ?? streamId;
    },
  };
  const lookup = store.getStreamIdForEventId?.bind(store);
  if (lookup === undefined) return scoped;
  return {
    ...scoped,
    async getStreamIdForEventId(eventId) {
      const id = own(eventId);
      const streamId = id === undefined ? undefined : await lookup(id);
      return streamId === undefined ? undefined : own(streamId);
    },
  };
}
