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
 * The default log: one entry, one line on standard error — the message,
 * then its details (the stack among them) as JSON. What a log line quotes
 * is partly an attacker's (a handler's exception may repeat a call's data,
 * a stack names it), so nothing in a line can end it or drive a terminal:
 * JSON escapes line breaks and C0 controls, and every other control
 * character — DEL, the C1 range (a terminal reads U+009B as an escape
 * sequence), the Unicode line and paragraph separators, the bidirectional
 * overrides that make a line read otherwise — is written as `\uXXXX`, in
 * the message as in the details. A forged "wymcp: …" line stays inside the
 * entry that quoted it.
 *
 * @example
 * ```ts
 * createRouter({ tools, log: { error: (message, details) => logger.error({ details }, message) } });
 * ```
 */
export const stderrLog: ServerLog = {
  error(message, details) {
    let suffix = "";
    try {
      suffix = details === undefined || Object.keys(details).length === 0 ? "" : ` ${JSON.stringify(details)}`;
    } catch {
      // Details that cannot be written as JSON are left out; the message still reaches the operator.
    }
    // console.error: standard error in Node, Bun and Deno, the log stream on Workers.
    console.error(`wymcp: ${logSafe(message)}${logSafe(suffix)}`);
  },
};

/** Every character a log line must not carry raw: C0 (line breaks, ESC), DEL, C1, the line and paragraph separators, bidi controls. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with every character a log line must not carry raw written as
 * `\uXXXX` — JSON's own escape, so JSON text stays valid JSON.
 *
 * @example
 * ```ts
 * logSafe("boom\n\u001b[31mwymcp: forged"); // "boom\\u000a\\u001b[31mwymcp: forged"
 * ```
 */
export function logSafe(text: string): string {
  return text.replace(UNSAFE, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

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
