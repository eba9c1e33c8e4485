/**
 * Object and array literals, evaluated into plain objects and arrays with
 * JavaScript's own semantics (later keys win, spreads copy own enumerable
 * entries, holes stay holes), while the provenance records the node of
 * every slot and the unknown parts of objects that are only partly known.
 */
import type { ArrayExpression, ObjectExpression } from "oxc-parser";
import type { Node } from "./ast.js";
import type { Provenance } from "./provenance.js";
import { snippet, Unknown } from "./unknown.js";

/**
 * The most entries a spread may copy, and the longest array spreads may
 * build (64 Ki). Literals are bounded by the source text; spreads are not:
 * `const b = [...a, ...a]; const c = [...b, ...b]; …` doubles at every line.
 * Past the bound the value is unknown, so nothing is reported about it.
 */
const MAX_SPREAD_ENTRIES = 2 ** 16;

/** What the literal evaluators need from the evaluator. */
export interface LiteralContext {
  readonly provenance: Provenance;
  evaluate(node: Node): unknown;
  /** An inert function standing for a function-like node (methods included). */
  functionValue(node: Node): unknown;
  /** A property key (computed keys evaluated), or `Unknown`. */
  propertyKey(key: Node, computed: boolean): string | Unknown;
  /** Spends budget for `count` entries created; an `Unknown` once the budget is spent. */
  entries(node: Node, count: number): Unknown | undefined;
}

/**
 * Evaluates an object literal.
 *
 * @example
 * ```ts
 * evaluateObject(context, node); // { description: "Create", properties: {} }
 * ```
 */
export function evaluateObject(context: LiteralContext, node: ObjectExpression): object {
  const { provenance } = context;
  const object: Record<string, unknown> = {};
  provenance.created(object, node);
  const over = context.entries(node, node.properties.length);
  if (over !== undefined) {
    provenance.addUnknownPart(object, over);
    return object;
  }
  for (const property of node.properties) {
    if (property.type === "SpreadElement") {
      spreadInto(context, object, property.argument, context.evaluate(property.argument));
      continue;
    }
    if (property.kind === "get" || property.kind === "set") {
      provenance.addUnknownPart(object, new Unknown(property, "an accessor is not evaluated"));
      continue;
    }
    const key = context.propertyKey(property.key, property.computed);
    if (key instanceof Unknown) {
      provenance.addUnknownPart(object, key);
      continue;
    }
    if (key === "__proto__" && !property.computed && !property.shorthand && !property.method) {
      // `__proto__: x` sets the prototype instead of defining a key — exactly as the literal does at run time:
      // an object or null becomes the prototype, anything else is ignored.
      const prototype = context.evaluate(property.value);
      if (prototype instanceof Unknown) provenance.addUnknownPart(object, prototype);
      else if (prototype === null || typeof prototype === "object") Object.setPrototypeOf(object, prototype);
      continue;
    }
    let value: unknown;
    let valueNode: Node;
    if (property.method) [value, valueNode] = [context.functionValue(property.value), property];
    else [value, valueNode] = [context.evaluate(property.value), property.shorthand ? property.key : property.value];
    define(object, key, value);
    provenance.setSlot(object, key, { key: property.key, value: valueNode });
  }
  return object;
}

/** Copies a spread value's own enumerable entries into an object literal under construction. */
function spreadInto(context: LiteralContext, object: Record<string, unknown>, node: Node, spread: unknown): void {
  const { provenance } = context;
  const value = tooLargeToSpread(spread, node) ?? context.entries(node, sizeOf(spread)) ?? spread;
  if (value instanceof Unknown || provenance.isPartial(value)) {
    // Keys the unknown part may carry could replace any value set so far.
    const parts = value instanceof Unknown ? [value] : provenance.unknownPartsOf(value as object);
    for (const part of parts) provenance.addUnknownPart(object, part);
    for (const key of Object.keys(object)) {
      object[key] = new Unknown(provenance.slotOf(object, key)?.value ?? node, `may be replaced by the spread of ${snippet(node)}`);
    }
    if (value instanceof Unknown) return;
  }
  if (typeof value === "string") {
    // A string's own keys are its UTF-16 code units (`{ ..."😀" }` has two), not the code points `[...value]` yields.
    for (let index = 0; index < value.length; index++) setCopied(object, String(index), value.charAt(index), { value: node }, provenance);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const key of Object.keys(value)) {
    const slot = provenance.slotOf(value, Array.isArray(value) ? Number(key) : key) ?? { value: node };
    setCopied(object, key, (value as Record<string, unknown>)[key], slot, provenance);
  }
}

/** An `Unknown` for a spread that would copy more than `MAX_SPREAD_ENTRIES` entries. */
function tooLargeToSpread(value: unknown, node: Node): Unknown | undefined {
  return sizeOf(value) > MAX_SPREAD_ENTRIES
    ? new Unknown(node, `a spread of more than ${MAX_SPREAD_ENTRIES} entries is not evaluated`)
    : undefined;
}

/** How many entries a spread of a value copies. */
function sizeOf(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (Array.isArray(value)) return value.length;
  return typeof value === "object" && value !== null && !(value instanceof Unknown) ? Object.keys(value).length : 0;
}

function setCopied(
  object: Record<string, unknown>,
  key: string,
  value: unknown,
  slot: { key?: Node; value: Node },
  provenance: Provenance,
): void {
  define(object, key, value);
  provenance.setSlot(object, key, slot);
}

/** Defines an own data property (so a computed `"__proto__"` key stays a key, as in a literal). */
function define(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Evaluates an array literal. A spread of anything but a known array or
 * string makes the whole array unknown: its length and every later index
 * would be guesses.
 *
 * @example
 * ```ts
 * evaluateArray(context, node); // ["name", "due"]
 * ```
 */
export function evaluateArray(context: LiteralContext, node: ArrayExpression): unknown[] | Unknown {
  const { provenance } = context;
  const array: unknown[] = [];
  provenance.created(array, node);
  const { elements } = node;
  const over = context.entries(node, elements.length);
  if (over !== undefined) return over;
  for (const element of elements) {
    if (element === null) {
      array.length += 1; // a hole, as in `[a, , b]`
      continue;
    }
    if (element.type !== "SpreadElement") {
      provenance.setSlot(array, array.length, { value: element });
      array.push(context.evaluate(element));
      continue;
    }
    const spread = context.evaluate(element.argument);
    if (spread instanceof Unknown) return spread;
    if ((typeof spread === "string" || Array.isArray(spread)) && array.length + spread.length > MAX_SPREAD_ENTRIES) {
      return new Unknown(element, `an array of more than ${MAX_SPREAD_ENTRIES} entries built by spreads is not evaluated`);
    }
    const spent = context.entries(element, sizeOf(spread));
    if (spent !== undefined) return spent;
    if (typeof spread === "string") {
      for (const character of spread) {
        provenance.setSlot(array, array.length, { value: element });
        array.push(character);
      }
    } else if (Array.isArray(spread)) {
      for (let index = 0; index < spread.length; index++) {
        provenance.setSlot(array, array.length, provenance.slotOf(spread, index) ?? { value: element });
        array.push(spread[index]);
      }
    } else return new Unknown(element, "a spread of a value that is not an array is not evaluated");
  }
  return array;
}
