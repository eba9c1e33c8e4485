/**
 * Where the server reports what its operator must know and its client must
 * not be told in full: a handler's exception (message and stack), a result
 * that breaks the tool's output schema. Standard error by default — never
 * standard output, which the stdio transport owns.
 */
import { read, reasonText } from "../util/inspect.js";

/** A server-side log: one method per severity wymcp reports at. */
export interface ServerLog {
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
}

/**
 * The default log: one line on standard error, details as JSON, then a
 * `stack` detail as it is written (one frame a line).
 *
 * @example
 * ```ts
 * createRouter({ tools, log: { error: (message, details) => logger.error({ details }, message) } });
 * ```
 */
export const stderrLog: ServerLog = {
  error(message, details) {
    const { stack, ...rest } = details ?? {};
    let suffix = "";
    try {
      suffix = Object.keys(rest).length === 0 ? "" : ` ${JSON.stringify(rest)}`;
    } catch {
      // Details that cannot be written as JSON are left out; the message still reaches the operator.
    }
    // console.error: standard error in Node, Bun and Deno, the log stream on Workers.
    console.error(`wymcp: ${message}${suffix}${typeof stack === "string" ? `\n${stack}` : ""}`);
  },
};

/**
 * Reports to `log` without letting the report fail the call: a log hook
 * that throws falls back to standard error, and a failing fallback is
 * dropped — the client's answer never depends on the log.
 */
export function logError(log: ServerLog, message: string, details?: Readonly<Record<string, unknown>>): void {
  try {
    log.error(message, details);
    return;
  } catch {
    if (log === stderrLog) return;
  }
  try {
    stderrLog.error(message, details);
  } catch {
    // Nowhere left to report to.
  }
}

/**
 * What the log records of a thrown value: its name, message and stack when
 * it has them, read without letting a getter or Proxy throw.
 *
 * @example
 * ```ts
 * thrownDetails(new Error("boom")); // { name: "Error", reason: "boom", stack: "Error: boom\n    at …" }
 * ```
 */
export function thrownDetails(thrown: unknown): { name?: string; reason: string; stack?: string } {
  const object = typeof thrown === "object" && thrown !== null;
  const name = object ? read(thrown, "name") : undefined;
  const stack = object ? read(thrown, "stack") : undefined;
  return { ...(typeof name === "string" ? { name } : {}), reason: reasonText(thrown), ...(typeof stack === "string" ? { stack } : {}) };
}

let fallbackCount = 0;

/**
 * A random id that names one error in the server log and in the client's
 * answer: a UUID from the platform's Web Crypto (Node, Workers, Bun, Deno),
 * so an id reveals nothing and cannot be guessed from another.
 *
 * @example
 * ```ts
 * newErrorId(); // "3f9c2a1e-…"
 * ```
 */
export function newErrorId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string; getRandomValues?: (array: Uint8Array) => Uint8Array } }).crypto;
  try {
    if (typeof crypto?.randomUUID === "function") return crypto.randomUUID();
    if (typeof crypto?.getRandomValues === "function") {
      return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    }
  } catch {
    // Fall through: an id that is only unique still correlates the answer with the log.
  }
  // No Web Crypto in this runtime: unique, not secret — it names the error and carries nothing of it.
  fallbackCount++;
  return `${Date.now().toString(36)}-${fallbackCount.toString(36)}`;
}
