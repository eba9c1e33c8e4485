/**
 * What the static evaluator could not know. An `Unknown` stands where a value
 * could not be evaluated; it is a class instance, so the runtime validators
 * see "a wrong type" there — offences about it are then dropped by
 * `certain.ts`, never reported.
 */
import { textOf, type Node } from "./ast.js";

/**
 * A value the evaluator could not compute, with the node it came from and
 * why.
 *
 * @example
 * ```ts
 * if (value instanceof Unknown) console.log(value.reason); // "a function call is not evaluated"
 * ```
 */
export class Unknown {
  constructor(
    /** The expression (or property) that could not be evaluated. */
    readonly node: Node,
    /** Why, as a short phrase. */
    readonly reason: string,
  ) {}

  /** The source text of the node, shortened to one line for messages. */
  get text(): string {
    return snippet(this.node);
  }
}

/** A node's text on one line, at most 60 characters. */
export function snippet(node: Node): string {
  const text = textOf(node).slice(0, 200).replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
