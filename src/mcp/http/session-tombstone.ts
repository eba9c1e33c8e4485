/**
 * The mark `DELETE` leaves in the session store: a session deleted on one
 * instance stays deleted on every instance sharing the store. The store has
 * no compare-and-set, so deleting the record alone could be undone — another
 * instance serving the session rewrites its record as it is used, and a
 * rewrite in flight lands after the delete. The tombstone sits under a key
 * of its own, which no rewrite touches; every instance reads it before it
 * serves a session it holds and before it revives one.
 */
import type { SessionRecord } from "./session-store.js";

/**
 * The key of a session's tombstone. A session id the generator made never
 * starts so (a UUID has no colon), and were one asked for, the tombstone's
 * owner matches no identity: it is never revived as a session.
 *
 * @example
 * ```ts
 * tombstoneKey("3f9c…"); // "deleted:3f9c…"
 * ```
 */
export function tombstoneKey(id: string): string {
  return `deleted:${id}`;
}

/**
 * What a tombstone holds: a record in the store's one shape (any store
 * keeps it as it keeps records), owned by no identity — an owner is a
 * SHA-256 digest in hex, or `null`.
 */
export const TOMBSTONE: SessionRecord = Object.freeze({
  owner: "deleted",
  client: Object.freeze({
    protocolVersion: "deleted",
    capabilities: Object.freeze({}),
    clientInfo: Object.freeze({ name: "wymcp: a deleted session", version: "0" }),
  }),
});

/**
 * How long a tombstone is kept: twice a record's time to live, so it
 * outlives any record a rewrite raced past the delete; for ever when records
 * are (`ttlMs` absent).
 *
 * @example
 * ```ts
 * tombstoneTtl(1_800_000); // 3_600_000
 * ```
 */
export function tombstoneTtl(ttlMs: number | undefined): number | undefined {
  return ttlMs === undefined ? undefined : 2 * ttlMs;
}
