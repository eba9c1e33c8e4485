/**
 * An error a handler throws on purpose: a machine-readable `code`, a message
 * for the model, and an optional hint on what to try next. The call gate
 * answers it in the tool dialect (`isError: true`) with the help pointer.
 *
 * @example
 * ```ts
 * throw new ToolError("not_found", `no task ${data.id}`, { hint: "list tasks to see their ids" });
 * ```
 */
export class ToolError extends Error {
  override readonly name = "ToolError";
  /** A snake_case code a client can branch on. */
  readonly code: string;
  /** What to try next, shown with the error. */
  readonly hint: string | undefined;
  /** Structured detail for the client, serialized as JSON. */
  readonly details: unknown;

  constructor(code: string, message: string, options: { hint?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
    this.details = options.details;
  }
}
