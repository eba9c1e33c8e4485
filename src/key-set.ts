/**
 * The key-set walk: from an action's `properties`, every property schema
 * and, recursively, the nested `properties`, single-schema `items` and schema
 * `additionalProperties` — exactly the keywords wymcp interprets. One walk
 * yields both the shape offences and the closure (`closure.ts`).
 */
import { OPEN, closureViolations, type Closure, type Extra } from "./validation/closure.js";
import { isSealed } from "./util/freeze.js";
import { describeType, isArray, isPlainObject, ownKeys, read, reasonText, isUnreadable } from "./util/inspect.js";
import { offence, type Offence, type OffenceCode } from "./validation/offence.js";
import { child, segmentsOf, type PathNode } from "./validation/path.js";
import { closest } from "./util/suggest.js";
import { WalkPath } from "./validation/walk-path.js";

/** What one walk of an action's `properties` found. */
export interface KeySetWalk {
  /** Shape offences, in walk order (the error sorts them). */
  readonly offences: Offence[];
  /** The closure of the action's data: its `properties`, always closed. */
  readonly closure: Closure;
  /** Whether every object the walk read was sealed by `deepFreeze` , so its verdict can never change. */
  readonly frozen: boolean;
}

interface MutableClosure {
  declared: Map<string, Closure> | null;
  extra: Extra;
  items: Closure | null;
  patterns?: RegExp[];
}

/** Where a walked value's closure is stored: a property map entry, or a slot of a schema's closure. */
type Into = Map<string, Closure> | MutableClosure;
type SlotName = string | "declared" | "items" | "extra";

interface Frame {
  readonly kind: "map" | "schema";
  readonly value: object;
  readonly path: PathNode;
  readonly into: Into;
  readonly name: SlotName;
  /** How many objects enclose this one on its walk path. */
  readonly depth: number;
}

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
 * - `too_large` — the walk would visit more than `MAX_WALKED_OBJECTS`
 *   objects (only reachable by sharing schemas exponentially).
 *
 * Nothing else is checked: `type`, `enum`, nested `required` and formats are
 * the author's own contract. A schema shared by several places is walked at
 * each, so its offences are named wherever the author used it. The walk is
 * linear in the size of the schema tree and iterative, so 100,000 levels of
 * nesting never overflow the stack.
 *
 * @example
 * ```ts
 * schemaOffences({ o: { type: "array", items: "string" } }, "create");
 * // [{ location: 'actions["create"].properties["o"]', key: "items", problem: '"items" is a string', … }]
 * ```
 */
export function schemaOffences(properties: unknown, action: string | null = null): Offence[] {
  return walkKeySet(properties, action).offences;
}

/** The shape offences, the closure and the frozen verdict of one action's `properties`. */
export function walkKeySet(properties: unknown, action: string | null): KeySetWalk {
  return new KeySetWalker(action).walk(properties);
}

/** How many objects one walk may visit: far beyond any real schema, short of a hang. */
const MAX_WALKED_OBJECTS = 1_000_000;

/**
 * One walk's state. Iterative with an explicit stack, so depth never
 * overflows the call stack; `path` holds the objects on the current walk
 * path, so an object reached again on it is a cycle. A schema shared by
 * several places is walked at each (its offences are named at every place);
 * `MAX_WALKED_OBJECTS` bounds a deliberately exponential sharing.
 */
class KeySetWalker {
  private readonly offences: Offence[] = [];
  private readonly stack: Frame[] = [];
  private readonly path = new WalkPath();
  private frozen = true;
  private visits = 0;

  constructor(private readonly action: string | null) {}

  walk(properties: unknown): KeySetWalk {
    const top: MutableClosure = { declared: new Map(), extra: "refuse", items: null };
    if (isPlainObject(properties)) this.enter("map", properties, null, "properties", top, "declared");
    for (let frame = this.stack.pop(); frame !== undefined; frame = this.stack.pop()) {
      if (++this.visits > MAX_WALKED_OBJECTS) {
        this.report("too_large", null, undefined, `the walk reached more than ${MAX_WALKED_OBJECTS} schema objects (a shared schema counts at every place)`,
          "split the action, or stop nesting shared schema objects inside each other.");
        break;
      }
      this.visit(frame);
    }
    return { offences: this.offences, closure: top, frozen: this.frozen };
  }

  private visit(frame: Frame): void {
    // Leave the objects of finished branches: the walk path is as deep as this frame's parent.
    this.path.truncate(frame.depth);
    this.path.push(frame.value);
    this.frozen &&= isSealed(frame.value);
    if (frame.kind === "map") {
      const declared = new Map<string, Closure>();
      store(frame.into, frame.name, declared);
      this.walkMap(frame.value, frame.path, declared);
    } else {
      // The closure object exists before its children are walked, so they can fill it in.
      const closure: MutableClosure = { declared: null, extra: "allow", items: null };
      store(frame.into, frame.name, this.walkSchema(frame.value, frame.path, closure));
    }
  }

  private enter(kind: "map" | "schema", value: object, holder: PathNode | null, key: string, into: Into, name: SlotName): void {
    if (this.path.has(value)) {
      this.report("cycle", holder, key, `${JSON.stringify(key)} refers back to an enclosing object (a cycle)`, CYCLE_FIX);
      store(into, name, kind === "map" ? new Map() : OPEN);
    } else {
      this.stack.push({ kind, value, path: child(holder, key), into, name, depth: this.path.length });
    }
  }

  private report(code: OffenceCode, path: PathNode | null, key: string | undefined, problem: string, fix: string): void {
    this.offences.push(offence({ action: this.action, path: segmentsOf(path), ...(key === undefined ? {} : { key }), problem, fix, code }));
  }

  private walkMap(map: object, path: PathNode, declared: Map<string, Closure>): void {
    const keys = ownKeys(map);
    if (isUnreadable(keys)) {
      return this.report("unreadable", path, undefined, `its keys cannot be read (${reasonText(keys.reason)})`, PROPERTIES_FIX);
    }
    for (const symbol of keys.symbols) {
      this.report("symbol_key", path, symbol.toString(), `${symbol.toString()} is a symbol key`, "name every property with a string; JSON has no symbol keys.");
    }
    for (const name of keys.strings) {
      const schema = read(map, name);
      if (isPlainObject(schema)) {
        this.enter("schema", schema, path, name, declared, name);
        continue;
      }
      declared.set(name, OPEN);
      if (isUnreadable(schema)) this.report("unreadable", path, name, `reading ${JSON.stringify(name)} threw (${reasonText(schema.reason)})`, SCHEMA_FIX);
      else this.report("wrong_type", path, name, `${JSON.stringify(name)} is ${describeType(schema)}`, SCHEMA_FIX);
    }
  }

  private walkSchema(schema: object, path: PathNode, closure: MutableClosure): Closure {
    let properties: unknown, items: unknown, additional: unknown;
    try {
      ({ properties, items, additionalProperties: additional } = schema as Record<string, unknown>);
      // Only own keywords count; an inherited one (a polluted prototype) is ignored.
      if (properties !== undefined && !Object.hasOwn(schema, "properties")) properties = undefined;
      if (items !== undefined && !Object.hasOwn(schema, "items")) items = undefined;
      if (additional !== undefined && !Object.hasOwn(schema, "additionalProperties")) additional = undefined;
    } catch (error) {
      this.report("unreadable", path, undefined, `reading its keywords threw (${reasonText(error)})`, SCHEMA_FIX);
      return OPEN;
    }
    if (properties === undefined && items === undefined && additional === undefined) return OPEN;
    const patterns = patternsOf(schema);
    if (patterns.length > 0) closure.patterns = patterns;

    if (properties !== undefined) {
      if (isPlainObject(properties)) {
        closure.declared = new Map();
        closure.extra = "refuse";
        this.enter("map", properties, path, "properties", closure, "declared");
      } else this.report("wrong_type", path, "properties", `"properties" is ${describeType(properties)}`, PROPERTIES_FIX);
    }
    // An array (the legacy tuple form) and a boolean schema are allowed and not walked.
    if (items !== undefined && !isArray(items) && typeof items !== "boolean") {
      if (isPlainObject(items)) this.enter("schema", items, path, "items", closure, "items");
      else this.report("wrong_type", path, "items", `"items" is ${describeType(items)}`, ITEMS_FIX);
    }
    if (additional === false) {
      closure.declared ??= new Map();
      closure.extra = "refuse";
    } else if (isPlainObject(additional)) {
      closure.declared ??= new Map();
      this.enter("schema", additional, path, "additionalProperties", closure, "extra");
    } else if (additional === true) {
      closure.extra = "allow";
    } else if (additional !== undefined) {
      this.report("wrong_type", path, "additionalProperties", `"additionalProperties" is ${describeType(additional)}`, ADDITIONAL_FIX);
    }
    // Closed: undeclared keys refused (additionalProperties false, or absent beside properties).
    if (additional === false || (additional === undefined && isPlainObject(properties))) this.checkRequired(schema, path, isPlainObject(properties) ? properties : undefined);
    return closure;
  }

  /**
   * A nested `required` naming a key this closed place refuses: no data
   * could ever satisfy the schema, so no call could be sent.
   */
  private checkRequired(schema: object, path: PathNode, properties: object | undefined): void {
    const required = Object.hasOwn(schema, "required") ? read(schema, "required") : undefined;
    if (!isArray(required)) return;
    const keys = properties === undefined ? undefined : ownKeys(properties);
    const names = keys === undefined || isUnreadable(keys) ? [] : keys.strings;
    const known = new Set(names);
    Array.prototype.forEach.call(required, (name: unknown, index: number) => {
      if (typeof name !== "string" || known.has(name)) return;
      const guess = closest(name, names);
      const remedy = `declare ${JSON.stringify(name)} in this schema's properties, or remove it from required.`;
      this.offences.push(offence({ action: this.action, path: [...segmentsOf(path), "required"], key: name, index, code: "unsatisfiable_required",
        problem: `${JSON.stringify(name)} is required, but this place refuses every key its properties do not declare`,
        fix: guess === undefined ? remedy : `did you mean ${JSON.stringify(guess)}? Otherwise ${remedy}` }));
    });
  }
}

/**
 * The `patternProperties` of a schema as regular expressions (the
 * validator's reading: ECMAScript with the `u` flag). One that does not
 * compile is left out here; the meta-schema check reports it.
 */
function patternsOf(schema: object): RegExp[] {
  const map = Object.hasOwn(schema, "patternProperties") ? read(schema, "patternProperties") : undefined;
  if (!isPlainObject(map)) return [];
  const patterns: RegExp[] = [];
  for (const source of Object.keys(map)) {
    try {
      patterns.push(new RegExp(source, "u"));
    } catch {
      // Reported by the meta-schema check (`format: "regex"` on patternProperties' names).
    }
  }
  return patterns;
}

function store(into: Into, name: SlotName, value: Closure | Map<string, Closure>): void {
  if (into instanceof Map) into.set(name, value as Closure);
  else if (name === "declared") into.declared = value as Map<string, Closure>;
  else if (name === "items") into.items = value as Closure;
  else into.extra = value as Closure;
}

/**
 * The `defaults` offences: every key in `defaults`, and every key inside a
 * default wherever the closure walks, must be declared by the object it sits
 * in — checked as the call gate checks a call's data, so no merged default
 * carries a key the gate would refuse from a caller.
 *
 * @example
 * ```ts
 * defaultOffences({ opts: { colour: "red" } }, { opts: { type: "object", properties: { due: {} } } }, "create");
 * // [{ location: 'actions["create"].defaults["opts"]', key: "colour", kind: "default", … }]
 * ```
 */
export function defaultOffences(defaults: unknown, properties: unknown, action: string | null = null): Offence[] {
  return defaultOffencesIn(walkKeySet(properties, action).closure, defaults, action);
}

/** The `defaults` offences against a closure the chain already compiled. */
export function defaultOffencesIn(closure: Closure, defaults: unknown, action: string | null): Offence[] {
  return closureViolations(closure, defaults, { symbols: true }).map(({ path, key, code }) => {
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
