/**
 * A server log for tests that make handlers fail on purpose: it keeps each
 * report as data, where the test can read it, instead of writing the
 * deliberate error's stack to standard error, where a green run would show
 * it as if something broke. The default log (`stderrLog`) keeps its own
 * tests (`test/handler-errors.test.ts`).
 */
import type { ServerLog } from "../../src/index.js";

/** One report the router made. */
export interface LogEntry {
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>> | undefined;
}

/** A `ServerLog` that records its reports in `entries`. */
export function capturedLog(): ServerLog & { readonly entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    error(message, details) {
      entries.push({ message, details });
    },
  };
}
