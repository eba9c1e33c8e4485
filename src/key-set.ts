/**
 * The key-set walk: from an action's `properties`, every property schema
 * and, recursively, the nested `properties`, single-schema `items` and schema
 * `additionalProperties` — exactly the keywords wymcp interprets. One walk
 * yields both the shape offences and the closure (`closure.ts`).
 */
import { OPEN, closureViolations, type Closure, type Extra } from "./closure.js";
import { isSealed } from "./freeze.js";
import { describeType, isArray, isPlainObject, ownKeys, read, reasonText, isUnreadable } from "./inspect.js";
import { offence, type Offence, type OffenceCode } from "./offence.js";
import { child, segmentsOf, type PathNode } from "./path.js";

/** What one walk of an action's `properties` found. */
export interface KeySetWalk {
  /** Shape offences, in walk order (the error sorts them). */
  readonly offences: Offence[];
  /** The closure of the action's data: its `properties`, always closed. */
  readonly closure: Closure;
  /** Whether every object the walk read was sealed by `deepFreeze`, so its verdict can never change. */
  readonly frozen: boolean;
}

interface MutableClosure {
  declared: Map<string, Closure> | null;
  extra: Extra;
  items: Closure | null;
}

/** Where a walked value gets its closure stored. */
type Slot =
  | { readonly into: Map<string, Closure>; readonly name: string }
  | { readonly into: MutableClosure; readonly name: "declared" | "items" | "extra" };

type Frame =
  | { readonly kind: "map" | "schema"; readonly value: object; readonly path: PathNode; readonly slot: Slot }
  | { readonly kind: "exit"; readonly value: object };

const PROPERTIES_FIX = "write an object mapping each property name to its schema, such as { name: { type: \"string\" } }.";
const SCHEMA_FIX = "write a schema object such as { type: \"string\" }.";
const ITEMS_FIX = "write a schema object such as { type: \"string\" }, or an array of schemas.";
const ADDITIONAL_FIX = "write true, false, or a schema object for the values of undeclared keys.";
const CYCLE_FIX = "make the schema a tree: reuse a schema by copying it, not by referring back to an enclosing one.";

/**
 * The shape offences below an action's `properties`. The catalogue:
 *
 * - `wrong_type` — a property map (`properties`, at any depth) that is not a
 *   plain object; a property schema that is not a plain object; `items` that
 *   is neither a schema object nor an array (an array, the tuple form, is
 *   allowed and not walked); `additionalProperties` that is neither a schema
 *   object nor a boolean.
 * - `symbol_key` — a symbol key in a property map.
 * - `cycle` — an object reached again on its own walk path.
 * - `unreadable` — a getter or Proxy trap that throws while being read.
 *
 * Nothing else is checked: `type`, `enum`, nested `required` and formats are
 * the author's own contract. A schema shared by several places is walked
 * once (its offences are reported at the first place), so the walk is linear
 * in the number of distinct objects; it is iterative, so 100,000 levels of
 * nesting never overflow the stack.
 *
 * @example
 * ```ts
 * schemaOffences("create", { o: { type: "array", items: "string" } });
 * // [{ location: 'actions["create"].properties["o"]', key: "items", problem: '"items" is a string', … }]
 * ```
 */
export function schemaOffences(action: string, properties: unknown): Offence[] {
  return walkKeySet(action, properties).offences;
}

/** The shape offences, the closure and the frozen verdict of one action's `properties`. */
export function walkKeySet(action: string, properties: unknown): KeySetWalk {
  const offences: Offence[] = [];
  const top: MutableClosure = { declared: new Map(), extra: "refuse", items: null };
  let frozen = true;
  const report = (code: OffenceCode, path: PathNode | null, key: string | undefined, problem: string, fix: string) =>
    offences.push(offence({ action, path: segmentsOf(path), ...(key === undefined ? {} : { key }), problem, fix, code }));

  const onPath = new Set<object>();
  const memo = { map: new Map<object, Map<string, Closure>>(), schema: new Map<object, Closure>() };
  const stack: Frame[] = [];
  if (isPlainObject(properties)) {
    stack.push({ kind: "map", value: properties, path: child(null, "properties"), slot: { into: top, name: "declared" } });
  }

  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (frame.kind === "exit") {
      onPath.delete(frame.value);
      continue;
    }
    const known = memo[frame.kind].get(frame.value);
    if (known !== undefined) {
      store(frame.slot, known);
      continue;
    }
    frozen &&= isSealed(frame.value);
    onPath.add(frame.value);
    stack.push({ kind: "exit", value: frame.value });
    const children: Frame[] = [];
    const enter = (kind: "map" | "schema", value: unknown, path: PathNode, slot: Slot, holder: PathNode, key: string) => {
      if (onPath.has(value as object)) {
        report("cycle", holder, key, `${JSON.stringify(key)} refers back to an enclosing object (a cycle)`, CYCLE_FIX);
        store(slot, OPEN);
      } else children.push({ kind, value: value as object, path, slot });
    };
    if (frame.kind === "map") {
      const declared = new Map<string, Closure>();
      memo.map.set(frame.value, declared);
      store(frame.slot, declared);
      walkMap(frame.value, frame.path, declared, report, enter);
    } else {
      const closure = walkSchema(frame.value, frame.path, report, enter);
      memo.schema.set(frame.value, closure);
      store(frame.slot, closure);
    }
    for (let position = children.length - 1; position >= 0; position--) stack.push(children[position]!);
  }
  return { offences, closure: top, frozen };
}

type Report = (code: OffenceCode, path: PathNode | null, key: string | undefined, problem: string, fix: string) => void;
type Enter = (kind: "map" | "schema", value: unknown, path: PathNode, slot: Slot, holder: PathNode, key: string) => void;

function walkMap(map: object, path: PathNode, declared: Map<string, Closure>, report: Report, enter: Enter): void {
  const keys = ownKeys(map);
  if (isUnreadable(keys)) {
    report("unreadable", path, undefined, `its keys cannot be read (${reasonText(keys.reason)})`, PROPERTIES_FIX);
    return;
  }
  for (const symbol of keys.symbols) {
    report("symbol_key", path, symbol.toString(), `${symbol.toString()} is a symbol key`, "name every property with a string; JSON has no symbol keys.");
  }
  for (const name of keys.strings) {
    declared.set(name, OPEN);
    const schema = read(map, name);
    if (isUnreadable(schema)) {
      report("unreadable", path, name, `reading ${JSON.stringify(name)} threw (${reasonText(schema.reason)})`, SCHEMA_FIX);
    } else if (isPlainObject(schema)) {
      enter("schema", schema, child(path, name), { into: declared, name }, path, name);
    } else {
      report("wrong_type", path, name, `${JSON.stringify(name)} is ${describeType(schema)}`, SCHEMA_FIX);
    }
  }
}

function walkSchema(schema: object, path: PathNode, report: Report, enter: Enter): Closure {
  const properties = keyword(schema, "properties", path, report);
  const items = keyword(schema, "items", path, report);
  const additional = keyword(schema, "additionalProperties", path, report);
  if (properties === undefined && items === undefined && additional === undefined) return OPEN;

  const closure: MutableClosure = { declared: null, extra: "allow", items: null };
  if (properties !== undefined) {
    if (isPlainObject(properties)) {
      closure.declared = new Map();
      closure.extra = "refuse";
      enter("map", properties, child(path, "properties"), { into: closure, name: "declared" }, path, "properties");
    } else report("wrong_type", path, "properties", `"properties" is ${describeType(properties)}`, PROPERTIES_FIX);
  }
  if (items !== undefined && !isArray(items)) {
    if (isPlainObject(items)) enter("schema", items, child(path, "items"), { into: closure, name: "items" }, path, "items");
    else report("wrong_type", path, "items", `"items" is ${describeType(items)}`, ITEMS_FIX);
  }
  if (additional === false) {
    closure.declared ??= new Map();
    closure.extra = "refuse";
  } else if (isPlainObject(additional)) {
    closure.declared ??= new Map();
    enter("schema", additional, child(path, "additionalProperties"), { into: closure, name: "extra" }, path, "additionalProperties");
  } else if (additional === true) {
    closure.extra = "allow";
  } else if (additional !== undefined) {
    report("wrong_type", path, "additionalProperties", `"additionalProperties" is ${describeType(additional)}`, ADDITIONAL_FIX);
  }
  return closure;
}

/** An own keyword's value, `undefined` when absent; a throwing read is reported. */
function keyword(schema: object, name: string, path: PathNode, report: Report): unknown {
  let value: unknown;
  try {
    if (!Object.hasOwn(schema, name)) return undefined;
    value = (schema as Record<string, unknown>)[name];
  } catch (error) {
    report("unreadable", path, name, `reading ${JSON.stringify(name)} threw (${reasonText(error)})`, SCHEMA_FIX);
    return undefined;
  }
  return value;
}

function store(slot: Slot, value: Closure | Map<string, Closure>): void {
  if (slot.into instanceof Map) slot.into.set(slot.name, value as Closure);
  else if (slot.name === "declared") {
    if (value instanceof Map) slot.into.declared = value;
  } else if (slot.name === "items") slot.into.items = value as Closure;
  else slot.into.extra = value as Closure;
}

/**
 * The `defaults` offences: every key in `defaults`, and every key inside a
 * default wherever the closure walks, must be declared by the object it sits
 * in — checked as the call gate checks a call's data, so no merged default
 * carries a key the gate would refuse from a caller.
 *
 * @example
 * ```ts
 * defaultOffences("create", { opts: { colour: "red" } }, closure);
 * // [{ location: 'actions["create"].defaults["opts"]', key: "colour", kind: "default", … }]
 * ```
 */
export function defaultOffences(action: string, defaults: unknown, closure: Closure): Offence[] {
  return closureViolations(closure, defaults).map(({ path, key, code }) => {
    const top = path.length === 0;
    const problem =
      code === "unknown_key"
        ? `default key ${JSON.stringify(key)} is not declared ${top ? "in properties" : "by its schema"}`
        : code === "symbol_key"
          ? `default key ${key} is a symbol`
          : `reading default key ${JSON.stringify(key)} threw`;
    const fix = top
      ? `declare ${JSON.stringify(key)} in properties, or remove it from defaults.`
      : `declare ${JSON.stringify(key)} in the properties of the schema for this place, or remove it from the default.`;
    return offence({ action, path: ["defaults", ...path], key, problem, fix, code: "undeclared_default", kind: "default" });
  });
}
