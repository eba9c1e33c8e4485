/**
 * Calls into the stores a deployment plugs in — the `sessionStore` and the
 * `eventStore` — bounded in time and kept apart from everything else that
 * can fail: each call settles within `storeTimeoutMs` or fails with a
 * `StoreFailure` naming the store, the method and what happened. What a
 * store threw (a Redis URL with its password, Redis's own words) is the
 * failure's `cause`: the operator's log reads it, the client never does.
 */

import type { SessionStore } from "./session-store.js";

/** How long a store call may take by default before it fails: 5 seconds. */
export const DEFAULT_STORE_TIMEOUT_MS = 5_000;
/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Which store, as the options name it. */
export type StoreName = "sessionStore" | "eventStore";

/** A store call that threw or did not settle in time. */
export class StoreFailure extends Error {
  override readonly name = "StoreFailure";

  constructor(
    readonly store: StoreName,
    readonly method: string,
    /** `undefined` when the store threw; the bound in milliseconds when it did not answer within it. */
    readonly timedOutAfterMs: number | undefined,
    cause?: unknown,
  ) {
    super(
      timedOutAfterMs === undefined
        ? `${store}.${method} failed`
        : `${store}.${method} did not settle within ${timedOutAfterMs} ms (storeTimeoutMs): check the store, or raise storeTimeoutMs`,
      { cause },
    );
  }
}

/**
 * The `storeTimeoutMs` of `options` with its default; `RangeError` for a
 * value that is not a whole number of milliseconds from 1 to about 24.8
 * days, or `Infinity` (no bound).
 *
 * @example
 * ```ts
 * storeTimeoutOf({}); // 5000
 * ```
 */
export function storeTimeoutOf(options: { readonly storeTimeoutMs?: number }): number {
  const timeoutMs = options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  if (timeoutMs !== Number.POSITIVE_INFINITY && !(Number.isSafeInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS))
    throw new RangeError(
      `storeTimeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, or Infinity, got ${String(timeoutMs)}`,
    );
  return timeoutMs;
}

/**
 * `call()`, settled within `timeoutMs`: its value, or a `StoreFailure`
 * (what it threw, synchronously or not, is the failure's cause). A call
 * that answers late is left to finish on its own, its outcome dropped.
 *
 * @example
 * ```ts
 * const record = await storeCall("sessionStore", "get", () => store.get(id), 5000);
 * ```
 */
export function storeCall<T>(store: StoreName, method: string, call: () => Promise<T>, timeoutMs: number): Promise<T> {
  let pending: Promise<T>;
  try {
    pending = Promise.resolve(call());
  } catch (error) {
    return Promise.reject(new StoreFailure(store, method, undefined, error));
  }
  const failed = (error: unknown) => Promise.reject(new StoreFailure(store, method, undefined, error));
  if (timeoutMs === Number.POSITIVE_INFINITY) return pending.catch(failed);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreFailure(store, method, timeoutMs)), timeoutMs);
    // A store call in flight is no reason to keep the process running.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- outside Node a timer may have no unref
    timer.unref?.();
  });
  // The late outcome of a call that timed out is nobody's: it must not surface as an unhandled rejection.
  pending.catch(() => {});
  return Promise.race([pending.catch(failed), late]).finally(() => clearTimeout(timer));
}

/**
 * `store` with every call bounded by `storeCall`: what the handler reads
 * and writes sessions through.
 *
 * @example
 * ```ts
 * const bounded = boundedSessionStore(options.sessionStore, storeTimeoutOf(options));
 * ```
 */
export function boundedSessionStore(store: SessionStore, timeoutMs: number): SessionStore {
  return {
    get: (id) => storeCall("sessionStore", "get", () => store.get(id), timeoutMs),
    set: (id, record, ttlMs) => storeCall("sessionStore", "set", () => store.set(id, record, ttlMs), timeoutMs),
    delete: (id) => storeCall("sessionStore", "delete", () => store.delete(id), timeoutMs),
  };
}
