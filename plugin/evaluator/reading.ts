/**
 * What reads an object or array and leaves it as it is: the methods and
 * functions a constant may be handed to without being changed, and which
 * of them hand its parts on (their result, or a callback's parameters, is
 * then the constant's own objects: `Object.values(schema.properties)`).
 */
import type { Node } from "./ast.js";
import { unwrap } from "./wrappers.js";

/** Methods that read an array or object and leave it as it is. */
export const READING_METHODS: ReadonlySet<string> = new Set([
  "at",
  "concat",
  "entries",
  "every",
  "filter",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "flat",
  "flatMap",
  "forEach",
  "hasOwnProperty",
  "includes",
  "indexOf",
  "join",
  "keys",
  "lastIndexOf",
  "map",
  "propertyIsEnumerable",
  "reduce",
  "reduceRight",
  "slice",
  "some",
  "toLocaleString",
  "toString",
  "valueOf",
  "values",
  // Copies that leave the array as it is.
  "toReversed",
  "toSorted",
  "toSpliced",
  "with",
  // Methods of strings and numbers (an element of an array may be one): none changes anything.
  "charAt",
  "charCodeAt",
  "codePointAt",
  "endsWith",
  "localeCompare",
  "match",
  "matchAll",
  "normalize",
  "padEnd",
  "padStart",
  "repeat",
  "replace",
  "replaceAll",
  "search",
  "split",
  "startsWith",
  "substring",
  "toFixed",
  "toLocaleLowerCase",
  "toLocaleUpperCase",
  "toLowerCase",
  "toPrecision",
  "toUpperCase",
  "trim",
  "trimEnd",
  "trimStart",
]);

/** Functions that read their arguments and leave them as they are. */
export const READING_FUNCTIONS: ReadonlySet<string> = new Set([
  "Object.freeze",
  "Object.isFrozen",
  "Object.keys",
  "Object.values",
  "Object.entries",
  "Array.from",
  "Object.getOwnPropertyNames",
  "Array.isArray",
  "JSON.stringify",
  "String",
  "Number",
  "Boolean",
  "console.log",
  "console.info",
  "console.warn",
  "console.error",
  "console.debug",
]);

/** Reading methods whose result may hold the receiver's own objects (an element, a copy of the array of them). */
export const PART_RETURNING_METHODS: ReadonlySet<string> = new Set([
  "at",
  "concat",
  "entries",
  "filter",
  "find",
  "findLast",
  "flat",
  "flatMap",
  "map",
  "reduce",
  "reduceRight",
  "slice",
  "toReversed",
  "toSorted",
  "toSpliced",
  "valueOf",
  "values",
  "with",
]);

/** Reading functions whose result may hold their argument's own objects. */
export const PART_RETURNING_FUNCTIONS: ReadonlySet<string> = new Set(["Object.freeze", "Object.values", "Object.entries", "Array.from"]);

/**
 * The key of a member access (`a.b`, `a["b"]`), looking through type-only
 * wrappers and optional chains; `undefined` when it is computed.
 *
 * @example
 * ```ts
 * lastKey(memberNode); // "push" for `schema.required.push`
 * ```
 */
export function lastKey(member: Node): string | undefined {
  const expression = unwrap(member.type === "ChainExpression" ? member.expression : member);
  if (expression.type !== "MemberExpression") return undefined;
  if (!expression.computed) return expression.property.name;
  const { property } = expression;
  return property.type === "Literal" && typeof property.value === "string" ? property.value : undefined;
}

/**
 * A callee as a dotted name: `freeze` or `Object.freeze`; `undefined` for anything else.
 *
 * @example
 * ```ts
 * calleeName(callNode.callee); // "Object.values"
 * ```
 */
export function calleeName(callee: Node): string | undefined {
  const expression = unwrap(callee);
  if (expression.type === "Identifier") return expression.name;
  if (expression.type === "MemberExpression" && !expression.computed && expression.object.type === "Identifier")
    return `${expression.object.name}.${expression.property.name}`;
  return undefined;
}
