/**
 * Expressions that change only the type of what they wrap: parentheses,
 * `as`, `satisfies`, `<T>x`, `x!`, `f<T>`.
 */
import type { Node } from "./ast.js";

const TYPE_ONLY_WRAPPERS = new Set([
  "ParenthesizedExpression",
  "TSAsExpression",
  "TSSatisfiesExpression",
  "TSTypeAssertion",
  "TSNonNullExpression",
  "TSInstantiationExpression",
]);

/** Whether a node only wraps its `expression` with a type. */
export function isTypeOnlyWrapper(node: Node): boolean {
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
  while (TYPE_ONLY_WRAPPERS.has(expression.type)) expression = expression.expression;
  return expression;
}
