/**
 * Expressions that change only the type of what they wrap: parentheses,
 * `as`, `satisfies`, `<T>x`, `x!`, `f<T>`.
 */
import type {
  ParenthesizedExpression,
  TSAsExpression,
  TSInstantiationExpression,
  TSNonNullExpression,
  TSSatisfiesExpression,
  TSTypeAssertion,
} from "oxc-parser";
import type { Node } from "./ast.js";

/** A node that only wraps its `expression` with a type. */
export type TypeOnlyWrapper =
  ParenthesizedExpression | TSAsExpression | TSSatisfiesExpression | TSTypeAssertion | TSNonNullExpression | TSInstantiationExpression;

const TYPE_ONLY_WRAPPERS = new Set<Node["type"]>([
  "ParenthesizedExpression",
  "TSAsExpression",
  "TSSatisfiesExpression",
  "TSTypeAssertion",
  "TSNonNullExpression",
  "TSInstantiationExpression",
]);

/** Whether a node only wraps its `expression` with a type. */
export function isTypeOnlyWrapper(node: Node): node is TypeOnlyWrapper {
  return TYPE_ONLY_WRAPPERS.has(node.type);
}

/**
 * Strips what changes only the type.
 *
 * @example
 * ```ts
 * unwrap(node).type; // "ObjectExpression" for `({ … }) as const`
 * ```
 */
export function unwrap(node: Node): Node {
  let expression = node;
  while (isTypeOnlyWrapper(expression)) expression = expression.expression;
  return expression;
}
