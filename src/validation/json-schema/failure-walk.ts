/**
 * The failures of a refused value, found along the structure the fast yes
 * walks. One validator call over the whole value builds a pointer and a
 * sentence for every failure, so refusing 130,000 wrong items cost 35 times
 * the valid call, though a refusal names only the first 50. Here the walked
 * applicators (`properties`, a single-schema `items`, `additionalProperties`)
 * are walked as the validator walks them, every place the fast yes accepts
 * is skipped, the validator names the failures of each refused place while
 * the limit allows, and past it a leaf's failures are counted without it.
 * The result is the whole-value call's: the same failures, named in the same
 * order, the same count (a property test pins it). A place the walk cannot
 * follow exactly (a `$ref`, a keyword coupled to its siblings, `contains`
 * or `uniqueItems`, whose failures the validator names after the items')
 * is handed to the validator whole.
 */
import type { Schema } from "@cfworker/json-schema";
import { compileAcceptor, readPlace, WALKED, type Lookup } from "./acceptor.js";
import { compileLeaf } from "./leaf-acceptor.js";
import { compileLeafCount } from "./leaf-failure-count.js";
import { shapedWithout } from "./schema-shape.js";
import type { PathSegment } from "../offence.js";
import type { SchemaFailure } from "./schema-failure.js";

/** Failures found: the first ones named, the rest counted. */
export interface FoundFailures {
  readonly named: SchemaFailure[];
  readonly unnamed: number;
}

/** The validator's failures of `value` against `schema` taken as a whole, the first `limit` named (paths from `value`). */
export type PlaceFailures = (schema: Schema, value: unknown, limit: number) => FoundFailures;

/** How the walk treats one schema object (built once per object). */
interface Plan {
  /** The validator takes the place whole. */
  readonly whole: boolean;
  /** The place's own assertions (the walked applicators left out), when it has any. */
  readonly own: Schema | undefined;
  readonly ownAccepts: ((value: unknown) => boolean) | undefined;
  readonly ownCount: ((value: unknown) => number | undefined) | undefined;
  readonly properties: readonly (readonly [string, Schema | boolean])[];
  readonly declared: ReadonlySet<string>;
  readonly additional: Schema | boolean | undefined;
  readonly items: Schema | boolean | undefined;
  /** Only assertions answered without the validator, and nothing below: its visit is as cheap as the fast yes. */
  readonly leaf: boolean;
}

/** Whether these keywords' failures follow the items' in the validator's order. */
const AFTER_ITEMS = ["contains", "minContains", "maxContains", "uniqueItems"];

/** A place reached: its parent link stands in for its data path until a failure there is named. */
interface Trail {
  readonly parent: Trail | undefined;
  readonly segment: PathSegment;
}

/** Finds a refused value's failures against one compiled schema; `undefined` when the walk gave up. */
export type FailureWalker = (value: unknown, limit: number) => FoundFailures | undefined;

/**
 * The failure walk of a schema (a shaped, dereferenced copy that never
 * changes): what it learns of each schema object (its plan, its fast yes) is
 * kept for the schema's life. A walk gives up (`undefined`) on data it
 * cannot read or a throw in the validator: the caller then asks the
 * validator about the whole value.
 *
 * @example
 * ```ts
 * const walk = failureWalker(copy, lookup, placeFailures);
 * walk(Array(130_000).fill("x"), 50); // { named: (the first 50, at [0] … [49]), unnamed: 129_950 }
 * ```
 */
export function failureWalker(schema: Schema | boolean, lookup: Lookup, place: PlaceFailures): FailureWalker {
  const known = new KnownSchemas(lookup);
  return (value, limit) => {
    const walk = new FailureWalk(known, limit, place);
    try {
      walk.visit(schema, value, ROOT);
    } catch {
      return undefined;
    }
    return { named: walk.named, unnamed: walk.unnamed };
  };
}

/** The plan and the fast yes of each schema object a walk met, made once. */
class KnownSchemas {
  private readonly plans = new Map<Schema, Plan>();
  private readonly acceptors = new Map<Schema, (value: unknown) => boolean>();

  constructor(private readonly lookup: Lookup) {}

  planOf(schema: Schema): Plan {
    let plan = this.plans.get(schema);
    if (plan === undefined) this.plans.set(schema, (plan = planFor(schema)));
    return plan;
  }

  acceptorOf(schema: Schema): (value: unknown) => boolean {
    let accepts = this.acceptors.get(schema);
    if (accepts === undefined) this.acceptors.set(schema, (accepts = compileAcceptor(schema, this.lookup)));
    return accepts;
  }
}

/** Where a place stands: its parent's trail and its own segment (none for the value itself), made a trail only when needed. */
type At = readonly [parent: Trail | undefined, segment: PathSegment | undefined];

const ROOT: At = [undefined, undefined];

/** One walk: the failures named so far, and those counted. */
class FailureWalk {
  readonly named: SchemaFailure[] = [];
  unnamed = 0;

  constructor(
    private readonly known: KnownSchemas,
    private readonly limit: number,
    private readonly place: PlaceFailures,
  ) {}

  visit(schema: Schema | boolean, value: unknown, at: At): void {
    if (schema === true) return;
    if (schema === false) {
      const failure: SchemaFailure = { path: [], keyword: "false", rule: false, value, message: "False boolean schema." };
      this.add(this.room() === 0 ? { named: [], unnamed: 1 } : { named: [failure], unnamed: 0 }, at);
      return;
    }
    const plan = this.known.planOf(schema);
    if (plan.whole) {
      this.add(this.place(schema, value, this.room()), at);
      return;
    }
    if (plan.own !== undefined && plan.ownAccepts?.(value) !== true) {
      const counted = this.room() === 0 ? plan.ownCount?.(value) : undefined;
      if (counted === undefined) this.add(this.place(plan.own, value, this.room()), at);
      else this.unnamed += counted;
    }
    if (typeof value !== "object" || value === null) return;
    if (Array.isArray(value)) {
      if (plan.items !== undefined) this.visitItems(plan.items, value, trailOf(at));
      return;
    }
    this.visitProperties(plan, value as Record<string, unknown>, trailOf(at));
  }

  /** Each item the fast yes refuses, in order (indexed, as the validator reads them). */
  private visitItems(items: Schema | boolean, array: readonly unknown[], trail: Trail | undefined): void {
    const refused = this.refusedTest(items);
    for (let index = 0; index < array.length; index++) {
      const item = array[index];
      if (refused(item)) this.visit(items, item, [trail, index]);
    }
  }

  /** Declared properties in the schema's order, then every other key (as the validator's `for…in` lists them). */
  private visitProperties(plan: Plan, object: Record<string, unknown>, trail: Trail | undefined): void {
    for (const [key, inner] of plan.properties) {
      if (Object.hasOwn(object, key) && this.refusedTest(inner)(object[key])) this.visit(inner, object[key], [trail, key]);
    }
    const { additional, declared } = plan;
    if (additional === undefined) return;
    const refused = this.refusedTest(additional);
    for (const key of enumerableKeys(object)) {
      if (declared.has(key) && Object.hasOwn(object, key)) continue;
      if (refused(object[key])) this.visit(additional, object[key], [trail, key]);
    }
  }

  /**
   * Whether a value may fail `schema`, so is visited: the fast yes says, but
   * for a leaf answered without the validator, whose visit asks that itself.
   */
  private refusedTest(schema: Schema | boolean): (value: unknown) => boolean {
    if (typeof schema === "boolean") return () => !schema;
    if (this.known.planOf(schema).leaf) return () => true;
    const accepts = this.known.acceptorOf(schema);
    return (value) => !accepts(value);
  }

  /** How many more failures may be named. */
  private room(): number {
    return Math.max(0, this.limit - this.named.length);
  }

  /** A place's failures, their paths made whole. */
  private add(found: FoundFailures, at: At): void {
    this.unnamed += found.unnamed;
    if (found.named.length === 0) return;
    const prefix = pathOf(trailOf(at));
    for (const failure of found.named) this.named.push(prefix.length === 0 ? failure : { ...failure, path: [...prefix, ...failure.path] });
  }
}

function trailOf([parent, segment]: At): Trail | undefined {
  return segment === undefined ? parent : { parent, segment };
}

function planFor(schema: Schema): Plan {
  const record = schema as Record<string, unknown>;
  const { asserting, coupled } = readPlace(record);
  const whole = coupled || record["$ref"] !== undefined || AFTER_ITEMS.some((keyword) => asserting?.[keyword] !== undefined);
  const properties = record["properties"] as Record<string, Schema | boolean> | undefined;
  const ownAccepts = asserting === undefined ? undefined : compileLeaf(asserting);
  const items = record["items"] as Schema | boolean | undefined;
  const additional = record["additionalProperties"] as Schema | boolean | undefined;
  return {
    whole,
    leaf:
      !whole &&
      (asserting === undefined || ownAccepts !== undefined) &&
      properties === undefined &&
      items === undefined &&
      additional === undefined,
    own: asserting === undefined ? undefined : shapedWithout(schema, WALKED),
    ownAccepts,
    ownCount: asserting === undefined ? undefined : compileLeafCount(asserting),
    properties: properties === undefined ? [] : Object.entries(properties),
    declared: new Set(properties === undefined ? [] : Object.keys(properties)),
    additional,
    items,
  };
}

/**
 * The keys the validator's `for…in` lists: a plain object's own enumerable
 * keys (the walk runs only with a clean `Object.prototype`), listed by
 * `Object.keys`, which is faster on a large object; anything else by `for…in`.
 */
function enumerableKeys(object: object): readonly string[] {
  const prototype: unknown = Object.getPrototypeOf(object);
  if (prototype === Object.prototype || prototype === null) return Object.keys(object);
  const keys: string[] = [];
  for (const key in object) keys.push(key);
  return keys;
}

function pathOf(trail: Trail | undefined): PathSegment[] {
  const path: PathSegment[] = [];
  for (let at = trail; at !== undefined; at = at.parent) path.push(at.segment);
  return path.reverse();
}
