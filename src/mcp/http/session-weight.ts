/**
 * What a client can make a session hold — the `capabilities` and
 * `clientInfo` of its `initialize` — bounded to 16 KiB of JSON and 256
 * values. A session keeps that part for its whole life, in the SDK server,
 * in the session's record and in the session store; everything else a
 * client sends passes through a request and is let go. Values are counted
 * (each object, array, string, number…) because a JSON value costs the heap
 * several times its text, an empty object most of all. A 1 MB
 * `clientInfo.name` made a session cost 1–2 MB.
 */
import { utf8Length } from "../../util/utf8-length.js";
import type { SessionRecord } from "./session-store.js";

/** The most bytes of JSON a session keeps of its client's `initialize`. */
export const MAX_CLIENT_BYTES = 16 * 1024;
/** The most JSON values (objects, arrays and leaves) a session keeps of its client's `initialize`. */
export const MAX_CLIENT_VALUES = 256;

/**
 * What is too heavy about the client part of a session's record, as the
 * sentence of a refusal, or `undefined` when it is within both bounds. The
 * values are counted first, without recursion, stopping past the bound: a
 * hostile `initialize` nested 100,000 deep is refused as cheaply as a small
 * one.
 *
 * @example
 * ```ts
 * clientWeightProblem({ protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } }); // undefined
 * ```
 */
export function clientWeightProblem(client: SessionRecord["client"]): string | undefined {
  const what = "the initialize's capabilities and clientInfo";
  const fix = "send a shorter clientInfo (an icon by its URL, not a data: URI) and only the capabilities the client uses";
  const values = countValues(client, MAX_CLIENT_VALUES);
  if (values > MAX_CLIENT_VALUES) return `${what} hold more than ${MAX_CLIENT_VALUES} JSON values, the most a session keeps; ${fix}`;
  const bytes = utf8Length(JSON.stringify(client));
  if (bytes > MAX_CLIENT_BYTES) return `${what} take ${bytes} bytes as JSON, more than the ${MAX_CLIENT_BYTES} a session keeps; ${fix}`;
  return undefined;
}

/** The JSON values in `root`, counted up to just past `limit`. */
function countValues(root: unknown, limit: number): number {
  const pending: unknown[] = [root];
  let count = 0;
  while (pending.length > 0 && count <= limit) {
    const value = pending.pop();
    count++;
    if (typeof value !== "object" || value === null) continue;
    const inner: unknown[] = Array.isArray(value) ? value : Object.values(value);
    pending.push(...inner.slice(0, limit + 1));
  }
  return count;
}
