/**
 * A request the HTTP layer could not serve because something failed inside
 * it — a store, an authentication hook, anything unexpected. The client is
 * told what kind of failure it was and an error id; the operator's log gets
 * the failure in full under that id. A store's error text carries
 * connection strings and passwords, and a hook's carries whatever its
 * author put there: none of it is the client's to read.
 */
import { logError, newErrorId, thrownDetails, type ServerLog } from "../../serving/server-log.js";
import { AuthenticationFailure } from "./auth.js";
import { refusal, type Refusal } from "./refusal.js";
import { StoreFailure } from "./store-calls.js";

/**
 * Logs `error` to `log` under a new error id and returns the refusal to
 * send: 503 for a store that failed or did not answer in time (the client
 * may retry), 500 for anything else.
 *
 * @example
 * ```ts
 * } catch (error) {
 *   return refusalResponse(internalError(router.log, error));
 * }
 * ```
 */
export function internalError(log: ServerLog, error: unknown): Refusal {
  const errorId = logFailure(log, error);
  if (error instanceof StoreFailure) {
    const what = error.store === "sessionStore" ? "the session store" : "the event store";
    return refusal(503, -32603, `Service Unavailable: ${what} failed (error id ${errorId}); retry later`);
  }
  if (error instanceof AuthenticationFailure) return refusal(500, -32603, `Internal error: authentication failed (error id ${errorId})`);
  return refusal(500, -32603, `Internal error (error id ${errorId})`);
}

/**
 * Logs a failure of the HTTP layer under a new error id — a store's with
 * which store and method, and what it threw or how long it was given — and
 * returns the id.
 *
 * @example
 * ```ts
 * store.set(id, record).catch((failure) => logFailure(router.log, failure));
 * ```
 */
export function logFailure(log: ServerLog, error: unknown): string {
  const errorId = newErrorId();
  if (error instanceof StoreFailure) {
    const { store, method, timedOutAfterMs } = error;
    logError(log, `HTTP: ${error.message} (error id ${errorId})`, {
      errorId,
      store,
      method,
      ...(timedOutAfterMs === undefined ? thrownDetails(error.cause) : { timedOutAfterMs }),
    });
  } else if (error instanceof AuthenticationFailure) {
    logError(log, `HTTP: an authentication hook threw (error id ${errorId})`, { errorId, ...thrownDetails(error.cause) });
  } else {
    logError(log, `HTTP: a request failed (error id ${errorId})`, { errorId, ...thrownDetails(error) });
  }
  return errorId;
}
