/**
 * The `sessionStore` option, checked at start-up: a bad one throws there,
 * not at the first request a restart sends.
 */
import type { SessionStore } from "./session-store.js";

/**
 * The store of `options`, or `undefined`; `RangeError` when it is given to a
 * stateless handler (no session to keep) or lacks a method.
 *
 * @example
 * ```ts
 * const store = checkSessionStore({ sessionStore: createInMemorySessionStore() });
 * ```
 */
export function checkSessionStore(options: {
  readonly stateless?: boolean;
  readonly sessionStore?: SessionStore;
}): SessionStore | undefined {
  const { sessionStore } = options;
  if (sessionStore === undefined) return undefined;
  if (options.stateless === true)
    throw new RangeError("sessionStore needs sessions: a stateless server keeps none; drop stateless or the sessionStore");
  const missing = (["get", "set", "delete"] as const).filter(
    (name) => typeof (sessionStore as unknown as Record<string, unknown> | null)?.[name] !== "function",
  );
  if (missing.length > 0)
    throw new RangeError(
      `sessionStore must have async get, set and delete (missing: ${missing.join(", ")}), e.g. createInMemorySessionStore()`,
    );
  return sessionStore;
}
