/**
 * Where the server reports what its operator must know and its client must
 * not be told in full: a result that breaks the tool's output schema, say.
 * Standard error by default — never standard output, which the stdio
 * transport owns.
 */

/** A server-side log: one method per severity wymcp reports at. */
export interface ServerLog {
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
}

/**
 * The default log: one line on standard error, details as JSON.
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
      suffix = details === undefined ? "" : ` ${JSON.stringify(details)}`;
    } catch {
      // Details that cannot be written as JSON are left out; the message still reaches the operator.
    }
    // console.error: standard error in Node, Bun and Deno, the log stream on Workers.
    console.error(`wymcp: ${message}${suffix}`);
  },
};
