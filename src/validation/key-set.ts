/**
 * The key-set walk: from an action's `properties`, every property schema
 * and, recursively, the nested `properties`, single-schema `items` and schema
 * `additionalProperties` — exactly the keywords wymcp interprets. One walk
 * yields both the shape offences and the closure (`closure.ts`).
 */
import { OPEN, closureViolations, type Closure, type Extra } from "./closure.js";
import { isSealed } from "../util/freeze.js";
import {
  allOwnKeys,
  dataFaults,
  describeType,
  isArray,
  isPlainObject,
  jsonProblem,
  ownKeys,
  read,
  reasonText,
  isUnreadable,
  symbolText,
  type DataFault,
  type DataFaultCode,
} from "../util/inspect.js";
import { offence, type Offence, type OffenceCode, type PathSegment } from "./offence.js";
import { child, segmentsOf, type PathNode } from "./path.js";
import { closest } from "../util/suggest.js";
import { WalkPath } from "./walk-path.js";

/** What one walk of an action's `properties` found. */
export interface KeySetWalk {
  /** Shape offences, in walk order (the error sorts them). */
  readonly offences: Offence[];
  /** The closure of the action's data: its `properties`, always closed. */
  readonly closure: Closure & { readonly declared: ReadonlyMap<string, Closure> };
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
/** A property name (into a map), or a closure's slot: "declared", "items" or "extra". */
type SlotName = string;

interface Frame {
  readonly kind: "map" | "schema";
  readonly value: object;
  readonly path: PathNode;
  readonly into: Into;
  readonly name: SlotName;
  /** How many objects enclose this one on its walk path. */
  readonly depth: number;
}

const PROPERTIES_FIX = "write an object mapping each property name to its schema.";
const SCHEMA_FIX = 'write a schema object such as { type: "string" }.';
const ITEMS_FIX = 'write a schema object such as { type: "string" }, or an array of schemas.';
const ADDITIONAL_FIX = "write true, false, or a schema object for the values of undeclared keys.";
const CYCLE_FIX = "make the schema a tree: reuse a schema by copying it, not by referring back to an enclosing one.";
const SYMBOL_FIX = "name every key with a string; JSON has no symbol keys, and the validator never sees one.";
const HIDDEN_FIX =
  "make it an ordinary (enumerable) property, as an object literal writes it; JSON, help and the validator see only enumerable keys.";
const SCHEMA_JSON_FIX =
  "write JSON (plain objects, arrays without holes, strings, finite numbers, booleans, null): " +
  "help and tools/list publish the schema as JSON, so anything else would be published as something other than what the gate checks.";

/** The keywords the walk itself enters (an `items` array, the tuple form, is not entered and is scanned instead). */
const WALKED_KEYWORDS = new Set(["properties", "items", "additionalProperties"]);

/**
 * The shape offences below an action's `properties`. The catalogue:
 *
 * - `wrong_type` — a property map (`properties`, at any depth) that is not a
 *   plain object; a property schema that is not a plain object; `items` that
 *   is neither a schema object nor an array (an array, the tuple form, is
 *   allowed and not walked); `additionalProperties` that is neither a schema
 *   object nor a boolean.
 * - `symbol_key` — a symbol key in a property map, in a schema the walk
 *   visits, or anywhere inside a property schema's other keywords (`anyOf`,
 *   `$defs`, an `enum` entry…), which the meta-schema check reads.
 * - `non_enumerable_key` — a non-enumerable own key at any of those places:
 *   the meta-schema check, the validator, help and `tools/list` read only
 *   enumerable keys, so such a key would be silently dropped.
 * - `invalid_schema` — a value inside a property schema's other keywords
 *   that is not JSON (a class instance, an object literal's
 *   `__proto__: { … }`, a Date, `NaN`, a hole…): help publishes the schema
 *   as JSON, so it would publish something other than what the gate checks.
 * - `cycle` — an object reached again on its own walk path.
 * - `unreadable` — a getter or Proxy trap that throws while being read.
 * - `too_large` — the walk would visit more than `MAX_WALKED_OBJECTS`
 *   objects (only reachable by sharing schemas exponentially).
 *
 * Nothing else is checked by the walk: `type`, `enum`, nested `required`
 * and formats are the meta-schema check's (`property-checks.ts`). A schema
 * shared by several places is walked at each, so its offences are named
 * wherever the author used it (what lies inside its other keywords is
 * scanned once, and named at the first place). The walk is linear in the
 * size of the schema tree and iterative, so 100,000 levels of nesting never
 * overflow the stack.
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

/**
 * The shape offences, the closure and the frozen verdict of one action's
 * `properties`; `sealed`: every object in them is known to be sealed.
 */
export function walkKeySet(properties: unknown, action: string | null, sealed = false): KeySetWalk {
  return new KeySetWalker(action, sealed).walk(properties);
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
  /** Objects already scanned for foreign keys, or walked: each is scanned at most once. */
  private readonly scanned = new Set<object>();
  private frozen = true;
  private visits = 0;

  constructor(
    private readonly action: string | null,
    private readonly sealed: boolean,
  ) {}

  walk(properties: unknown): KeySetWalk {
    const top: MutableClosure & { declared: Map<string, Closure> } = { declared: new Map(), extra: "refuse", items: null };
    if (isPlainObject(properties)) this.enter("map", properties, null, "properties", top, "declared");
    else this.report("wrong_type", null, "properties", `"properties" is ${describeType(properties)}`, PROPERTIES_FIX);
    for (let frame = this.stack.pop(); frame !== undefined; frame = this.stack.pop()) {
      if (++this.visits > MAX_WALKED_OBJECTS) {
        this.report(
          "too_large",
          null,
          undefined,
          `the walk reached more than ${MAX_WALKED_OBJECTS} schema objects (a shared schema counts at every place)`,
          "split the action, or stop nesting shared schema objects inside each other.",
        );
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
    this.scanned.add(frame.value);
    this.frozen &&= this.sealed || isSealed(frame.value);
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
    const keys = allOwnKeys(map);
    if (isUnreadable(keys)) {
      return this.report("unreadable", path, undefined, `its keys cannot be read (${reasonText(keys.reason)})`, PROPERTIES_FIX);
    }
    for (const symbol of keys.symbols) {
      this.report(
        "symbol_key",
        path,
        symbolText(symbol),
        `${symbolText(symbol)} is a symbol key`,
        "name every property with a string; JSON has no symbol keys.",
      );
    }
    for (const name of keys.hidden) this.report("non_enumerable_key", path, name, `${JSON.stringify(name)} is not enumerable`, HIDDEN_FIX);
    for (const name of keys.strings) {
      const schema = read(map, name);
      if (isPlainObject(schema)) {
        this.enter("schema", schema, path, name, declared, name);
        continue;
      }
      declared.set(name, OPEN);
      if (isUnreadable(schema))
        this.report("unreadable", path, name, `reading ${JSON.stringify(name)} threw (${reasonText(schema.reason)})`, SCHEMA_FIX);
      else this.report("wrong_type", path, name, `${JSON.stringify(name)} is ${describeType(schema)}`, SCHEMA_FIX);
    }
  }

  private walkSchema(schema: object, path: PathNode, closure: MutableClosure): Closure {
    this.scanContents(schema, path);
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
    if (additional === false || (additional === undefined && isPlainObject(properties)))
      this.checkRequired(schema, path, isPlainObject(properties) ? properties : undefined);
    return closure;
  }

  /**
   * The foreign keys — symbol and non-enumerable keys — of a schema object,
   * and the foreign keys and non-JSON values of everything inside its
   * keywords that the walk does not enter (`anyOf`, `$defs`,
   * `patternProperties`, an `items` array, `enum` entries, `const`…): the
   * meta-schema check and the validator read all of it through
   * `Object.keys`, and help publishes it as JSON, so such a key would vanish
   * unchecked and such a value would be published as something else. Read
   * through property descriptors, so no getter runs twice; each object once.
   */
  private scanContents(schema: object, path: PathNode): void {
    const keys = allOwnKeys(schema);
    if (isUnreadable(keys)) return; // The keyword reads and the meta-schema check report it.
    for (const symbol of keys.symbols)
      this.report("symbol_key", path, symbolText(symbol), `${symbolText(symbol)} is a symbol key`, SYMBOL_FIX);
    for (const key of keys.hidden) this.report("non_enumerable_key", path, key, `${JSON.stringify(key)} is not enumerable`, HIDDEN_FIX);
    for (const key of keys.strings) {
      let value: unknown;
      try {
        const descriptor = Object.getOwnPropertyDescriptor(schema, key);
        if (descriptor === undefined || !("value" in descriptor)) continue;
        value = descriptor.value;
      } catch {
        continue;
      }
      // The walk reads a walked keyword written as `undefined` as absent; JSON drops it too, but the validator refuses it.
      if (WALKED_KEYWORDS.has(key) && value !== undefined && !(key === "items" && isArray(value))) continue;
      const problem = jsonProblem(value);
      if (problem !== undefined) {
        this.report("invalid_schema", path, key, `${JSON.stringify(key)} is ${problem}`, SCHEMA_JSON_FIX);
        continue;
      }
      if (typeof value !== "object" || value === null) continue;
      const scan = {
        reading: "schema" as const,
        seen: this.scanned,
        onObject: (object: object) => void (this.frozen &&= this.sealed || isSealed(object)),
      };
      for (const fault of dataFaults(value, scan)) {
        const code = fault.code === "symbol_key" || fault.code === "non_enumerable_key" ? fault.code : "invalid_schema";
        this.offences.push(
          faultOffence(
            this.action,
            [...segmentsOf(path), key],
            fault,
            code,
            fault.problem,
            code === "invalid_schema" ? SCHEMA_JSON_FIX : undefined,
          ),
        );
      }
    }
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
      this.offences.push(
        offence({
          action: this.action,
          path: [...segmentsOf(path), "required"],
          key: name,
          index,
          code: "unsatisfiable_required",
          problem: `${JSON.stringify(name)} is required, but this place refuses every key its properties do not declare`,
          fix: guess === undefined ? remedy : `did you mean ${JSON.stringify(guess)}? Otherwise ${remedy}`,
        }),
      );
    });
  }
}

/**
 * The `patternProperties` of a schema as regular expressions (the
 * validator's reading: ECMAScript with the `u` flag). One that does not
 * compile is left out here; the meta-schema check reports it.
 */
export function patternsOf(schema: object): RegExp[] {
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

/**
 * The `defaults` offences against a closure the chain already compiled:
 * first what is not JSON data anywhere in the defaults (a class instance, an
 * object with a custom prototype, a Map, `undefined`, `NaN`, a getter, a
 * hole, a symbol or non-enumerable key) — a caller could not send it, and
 * the closure walk does not enter it — then every key the closure refuses.
 */
export function defaultOffencesIn(closure: Closure, defaults: unknown, action: string | null): Offence[] {
  if (defaults === undefined) return []; // `defaults: undefined` is an absent key.
  const offences = dataOffences(defaults, ["defaults"], action, "default");
  // Defaults that cannot be read as a whole (a Proxy whose key listing throws) have no keys to hold to the closure.
  if (offences.some((found) => found.path.length === 1 && found.key === undefined && found.index === undefined)) return offences;
  const faulted = new Set(offences.map((found) => JSON.stringify([...found.path, found.key ?? found.index])));
  for (const { path, key, code } of closureViolations(closure, defaults)) {
    // A value already named as not JSON (a getter that threw, say) is not named twice.
    if (faulted.has(JSON.stringify(["defaults", ...path, key]))) continue;
    const top = path.length === 0;
    const problem =
      code === "unknown_key"
        ? `default key ${JSON.stringify(key)} is not declared ${top ? "in properties" : "by its schema"}`
        : `reading default key ${JSON.stringify(key)} threw`;
    const fix = top
      ? `declare ${JSON.stringify(key)} in properties, or remove it from defaults.`
      : `declare ${JSON.stringify(key)} in the properties of the schema for this place, or remove it from the default.`;
    offences.push(offence({ action, path: ["defaults", ...path], key, problem, fix, code: "undeclared_default", kind: "default" }));
  }
  return offences;
}

const DATA_FIXES: Readonly<Record<DataFaultCode, string>> = {
  symbol_key: "name every key with a string; a caller's JSON has no symbol keys.",
  non_enumerable_key: "make it an ordinary (enumerable) property; a caller's JSON has no hidden keys, and the gate never sees one.",
  getter: "write the value itself: a getter could answer differently at every call.",
  hole: "write a value at every position; a caller's JSON arrays have no holes.",
  not_json: "write JSON data — plain objects, arrays, strings, finite numbers, booleans, null — as a caller would send it.",
  unreadable: "write plain data.",
};

/**
 * The offences of author-written data — `defaults`, an example — that a
 * caller could not send: everything `dataFaults` finds when it reads the
 * value as JSON, located below `prefix`. A key that is not a key (symbol,
 * non-enumerable) in a default is an `undeclared_default`, like any key the
 * gate would refuse; every other fault of a default is an `invalid_default`;
 * every fault of an example is an `invalid_example`.
 *
 * @example
 * ```ts
 * dataOffences({ opts: new Date(0) }, ["defaults"], "create", "default");
 * // [{ location: 'actions["create"].defaults', key: "opts", code: "invalid_default", problem: '"opts" is a Date', … }]
 * ```
 */
export function dataOffences(value: unknown, prefix: readonly PathSegment[], action: string | null, of: "default" | "example"): Offence[] {
  return dataFaults(value, { reading: "data" }).map((fault) => {
    const key = fault.code === "symbol_key" || fault.code === "non_enumerable_key";
    const code = of === "example" ? "invalid_example" : key ? "undeclared_default" : "invalid_default";
    const problem =
      of === "default" && fault.code === "symbol_key"
        ? `default key ${String(fault.key)} is a symbol`
        : of === "default" && fault.code === "non_enumerable_key"
          ? `default key ${JSON.stringify(fault.key)} is not enumerable`
          : fault.problem;
    return faultOffence(action, prefix, fault, code, problem, DATA_FIXES[fault.code], "default");
  });
}

/** A fault found by `dataFaults` in a value at `prefix`, as an offence. */
function faultOffence(
  action: string | null,
  prefix: readonly PathSegment[],
  fault: DataFault,
  code: OffenceCode,
  problem: string,
  fix = fault.code === "symbol_key" ? SYMBOL_FIX : HIDDEN_FIX,
  kind: Offence["kind"] = "shape",
): Offence {
  const where = { ...(fault.key === undefined ? {} : { key: fault.key }), ...(fault.index === undefined ? {} : { index: fault.index }) };
  return offence({ action, path: [...prefix, ...fault.path], ...where, code, problem, fix, kind });
}
