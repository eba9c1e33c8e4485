/**
 * Keeping each live session's record in the session store: written when
 * the session opens, rewritten as it is used so the record expires only
 * `ttlMs` after its last use, and on `DELETE` replaced by a tombstone
 * (`session-tombstone.ts`) that every instance sharing the store reads
 * before it serves or revives the session — so a deleted session cannot
 * come back.
 */
import type { SessionRecord, SessionStore } from "./session-store.js";
import { TOMBSTONE, tombstoneKey, tombstoneTtl } from "./session-tombstone.js";

/** What a live session carries of its record. */
export interface RecordKeeping {
  /**
   * The stored record as JSON — its text, not the objects the request was
   * parsed into, which would stay alive as long as the session; `undefined`
   * without a store, and once `DELETE` removed it.
   */
  record: string | undefined;
  /** When the record was last written (0: not since this instance revived it). */
  storedAt: number;
  /** The rewrite in flight. */
  refreshing: Promise<void> | undefined;
}

/**
 * The record keeping of one handler; every method does nothing without a store.
 *
 * @example
 * ```ts
 * const records = sessionRecords(options.sessionStore, limits.idleTimeoutMs, (failure) => logFailure(failure));
 * await records.opened(id, session, sessionRecordOf(messages, identity));
 * ```
 */
export function sessionRecords(store: SessionStore | undefined, ttlMs: number | undefined, report: (failure: unknown) => void) {
  return {
    /** Stores the record of a session just opened; throws what the store threw. */
    async opened(id: string, keeping: RecordKeeping, record: SessionRecord): Promise<void> {
      if (store === undefined) return;
      keeping.record = JSON.stringify(record);
      keeping.storedAt = Date.now();
      await store.set(id, record, ttlMs);
    },
    /** Notes the record a session was revived from; its next use rewrites it. */
    revived(keeping: RecordKeeping, record: SessionRecord): void {
      keeping.record = JSON.stringify(record);
      keeping.storedAt = 0;
    },
    /** A request uses the session: the record is rewritten once a tenth of its time to live has passed. */
    used(id: string, keeping: RecordKeeping): void {
      const record = keeping.record;
      if (store === undefined || record === undefined || ttlMs === undefined || Date.now() - keeping.storedAt < ttlMs / 10) return;
      keeping.storedAt = Date.now();
      // A failed rewrite costs at most the revival of a session this instance still serves: the request goes on, the log is told.
      keeping.refreshing = store.set(id, JSON.parse(record) as SessionRecord, ttlMs).catch((failure: unknown) => {
        keeping.storedAt = 0;
        report(failure);
      });
    },
    /** `DELETE` ended the session: its tombstone is written, then its record goes. */
    async deleted(id: string, keeping: RecordKeeping): Promise<void> {
      if (store === undefined) return;
      keeping.record = undefined;
      await keeping.refreshing;
      // The tombstone first: an instance reviving the session in between finds it deleted, not missing a record.
      await store.set(tombstoneKey(id), TOMBSTONE, tombstoneTtl(ttlMs));
      await store.delete(id);
    },
    /** The stored record of `id`, unless `DELETE` ended the session (its tombstone is there); throws what the store threw. */
    async stored(id: string): Promise<unknown> {
      if (store === undefined) return undefined;
      // A store written in JavaScript may answer null for a missing record.
      const [record, tombstone]: unknown[] = await Promise.all([store.get(id), store.get(tombstoneKey(id))]);
      return tombstone === undefined || tombstone === null ? record : undefined;
    },
    /**
     * Whether `DELETE` ended the live session `id` on another instance. A
     * store that cannot say is reported and read as "no": an outage of the
     * store does not end the sessions this instance serves.
     */
    async deletedElsewhere(id: string): Promise<boolean> {
      if (store === undefined) return false;
      try {
        const tombstone: unknown = await store.get(tombstoneKey(id));
        return tombstone !== undefined && tombstone !== null;
      } catch (failure) {
        report(failure);
        return false;
      }
    },
  };
}
