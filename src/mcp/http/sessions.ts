/**
 * The open sessions of a stateful handler: who opened each one, how many may
 * be open at once, and when an idle one is closed. Nothing here knows HTTP
 * messages — a host reports when a request for a session begins and ends —
 * so a Node handler and a Web-standard one keep their sessions alike.
 *
 * A session is idle while no request or stream of it is open: a client
 * listening on its standalone SSE stream is not idle, however long it waits
 * for a notification. Without limits each session (its SDK server and
 * transport: ~27 KiB, at most ~75 KiB whatever the client's `initialize`
 * says, see `session-weight.ts`) would live until the client sent DELETE,
 * which a crashed or malicious client never does.
 */

/** The most sessions open at once by default. */
export const DEFAULT_MAX_SESSIONS = 1000;
/** How long a session may sit idle by default before it is closed: 30 minutes. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The Retry-After hint when no session will expire on its own (no idle timeout). */
const FALLBACK_RETRY_AFTER_SECONDS = 60;

/** Session limits (part of `HttpHandlerOptions` and `ServeHttpOptions`; stateful mode only). */
export interface SessionOptions {
  /**
   * The most sessions open at once; 1,000 by default (about 27 MiB of
   * sessions of typical clients, at most ~75 MiB). One more `initialize` is answered 503 with `Retry-After` and a
   * JSON-RPC error; the open sessions are not disturbed. `Infinity` turns the
   * cap off.
   *
   * @example
   * ```ts
   * maxSessions: 10_000
   * ```
   */
  readonly maxSessions?: number;
  /**
   * Milliseconds a session may sit idle — no request and no stream open —
   * before it is closed; 30 minutes by default. Its id is then answered 404,
   * and an MCP client starts a new session. `Infinity` keeps idle sessions
   * until DELETE or `close()`. The timers never keep the process alive.
   *
   * @example
   * ```ts
   * sessionIdleTimeoutMs: 5 * 60 * 1000
   * ```
   */
  readonly sessionIdleTimeoutMs?: number;
}

/** Validated limits. */
export interface SessionLimits {
  readonly maxSessions: number;
  readonly idleTimeoutMs: number;
}

/**
 * The limits of `options` with their defaults; `RangeError` for a value that
 * is not a positive whole number (or `Infinity`), or an idle timeout longer
 * than a timer can wait (about 24.8 days).
 *
 * @example
 * ```ts
 * sessionLimits({ maxSessions: 50 }); // { maxSessions: 50, idleTimeoutMs: 1_800_000 }
 * ```
 */
export function sessionLimits(options: SessionOptions): SessionLimits {
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleTimeoutMs = options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS;
  const wholeOrInfinite = (value: number, most: number) =>
    value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value > 0 && value <= most);
  if (!wholeOrInfinite(maxSessions, Number.MAX_SAFE_INTEGER))
    throw new RangeError(`maxSessions must be a positive whole number or Infinity, got ${String(maxSessions)}`);
  if (!wholeOrInfinite(idleTimeoutMs, MAX_TIMER_MS))
    throw new RangeError(
      `sessionIdleTimeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, or Infinity, got ${String(idleTimeoutMs)}`,
    );
  return { maxSessions, idleTimeoutMs };
}

/** A slot for a session whose `initialize` is in flight: `open` it once the session has an id, or `release` it. */
export interface SessionClaim<S> {
  /** Records the session as opened by `owner`; returns `done` for the opening request. */
  open(id: string, value: S, owner: string | undefined): () => void;
  /** Gives the slot back if `open` was not called (an initialize the transport refused); idempotent. */
  release(): void;
}

/** Every slot is taken: how many seconds until one is likely free. */
export interface SessionsFull {
  readonly retryAfterSeconds: number;
}

/** A request using a session: call `done` when its response (or stream) has ended; idempotent. */
export interface SessionUse<S> {
  readonly value: S;
  done(): void;
}

interface Entry<S> {
  readonly value: S;
  readonly owner: string | undefined;
  /** Requests and streams open. */
  active: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When the idle timer fires (while one is armed). */
  expiresAt: number;
}

/**
 * The session table of one handler.
 *
 * @example
 * ```ts
 * const sessions = sessionTable<Session>({ ...sessionLimits({}), onIdle: (session) => void session.close() });
 * const use = sessions.use(id, identity); // undefined: answer 404
 * ```
 */
export function sessionTable<S>(options: SessionLimits & { readonly onIdle: (value: S) => void }) {
  const { maxSessions, idleTimeoutMs, onIdle } = options;
  const entries = new Map<string, Entry<S>>();
  /** Slots claimed by initializes still in flight: counted against the cap so racing initializes cannot overshoot it. */
  let claimed = 0;

  function arm(id: string, entry: Entry<S>): void {
    if (idleTimeoutMs === Number.POSITIVE_INFINITY) return;
    entry.expiresAt = Date.now() + idleTimeoutMs;
    entry.timer = setTimeout(() => {
      if (entries.get(id) !== entry) return;
      entries.delete(id);
      onIdle(entry.value);
    }, idleTimeoutMs);
    // An idle session is no reason to keep the process running.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- outside Node a timer may have no unref
    entry.timer.unref?.();
  }

  function disarm(entry: Entry<S>): void {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = undefined;
  }

  /** One more request open on the session; the returned `done` ends it (once), and the last one out restarts the idle clock. */
  function begin(id: string, entry: Entry<S>): () => void {
    entry.active++;
    disarm(entry);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.active--;
      if (entry.active === 0 && entries.get(id) === entry) arm(id, entry);
    };
  }

  /** Seconds until the first idle session expires; the whole idle timeout when every session is busy. */
  function retryAfterSeconds(): number {
    if (idleTimeoutMs === Number.POSITIVE_INFINITY) return FALLBACK_RETRY_AFTER_SECONDS;
    let first = Date.now() + idleTimeoutMs;
    for (const entry of entries.values()) if (entry.timer !== undefined && entry.expiresAt < first) first = entry.expiresAt;
    return Math.max(1, Math.ceil((first - Date.now()) / 1000));
  }

  return {
    /** The open sessions. */
    size: (): number => entries.size,
    /** A slot for a new session, or how long to wait when the table is full. */
    claim(): SessionClaim<S> | SessionsFull {
      if (entries.size + claimed >= maxSessions) return { retryAfterSeconds: retryAfterSeconds() };
      claimed++;
      let settled = false;
      const settle = () => {
        if (!settled) claimed--;
        settled = true;
      };
      return {
        open(id, value, owner) {
          settle();
          const entry: Entry<S> = { value, owner, active: 0, timer: undefined, expiresAt: 0 };
          entries.set(id, entry);
          return begin(id, entry);
        },
        release: settle,
      };
    },
    /**
     * The session `id` for a request by `owner`: `undefined` when there is no
     * such session or another identity opened it — the same answer, so a
     * stranger learns nothing, and a stranger's request is no activity.
     */
    use(id: string, owner: string | undefined): SessionUse<S> | undefined {
      const entry = entries.get(id);
      if (entry === undefined || entry.owner !== owner) return undefined;
      return { value: entry.value, done: begin(id, entry) };
    },
    /** Forgets a closed session (DELETE, transport closed); only if `id` still names `value`, when given. */
    remove(id: string, value?: S): void {
      const entry = entries.get(id);
      if (entry === undefined || (value !== undefined && entry.value !== value)) return;
      disarm(entry);
      entries.delete(id);
    },
    /** Forgets every session, clearing every timer; returns them for closing. */
    clear(): S[] {
      const values = [...entries.values()].map((entry) => (disarm(entry), entry.value));
      entries.clear();
      return values;
    },
  };
}

/** What `sessionTable` returns. */
export type SessionTable<S> = ReturnType<typeof sessionTable<S>>;
