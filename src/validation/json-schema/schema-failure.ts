/** A value's verdict as wymcp reads it: where the value breaks its schema, never the validator's own error objects. */
import type { PathSegment } from "../offence.js";

/** One place where a value breaks its schema. */
export interface SchemaFailure {
  /** From the validated value to the failing place: `["opts", "tags", 2]`. */
  readonly path: readonly PathSegment[];
  /**
   * The keyword that failed (`type`, `enum`, `required`…); `false` for a place
   * the schema forbids; `unchecked` when validation itself failed.
   */
  readonly keyword: string;
  /** The keyword's value in the schema, when it can be read (`$ref`s followed). */
  readonly rule?: unknown;
  /** The value at `path`. */
  readonly value: unknown;
  /** The validator's own sentence, for keywords wymcp has no wording of its own for. */
  readonly message: string;
}
