/**
 * The value checks of an action's properties: each property schema that the
 * key-set walk found sound is checked against the 2020-12 meta-schema and,
 * when it passes, compiled once — the gate then runs the compiled check on
 * every call. One definition of "a property schema the gate can interpret",
 * shared by `validate` (registration, build) and the read side (obtaining).
 * A property the walk found offences in is still checked against the
 * meta-schema away from them, so one error names every offence.
 */
import { isSealed } from "../util/freeze.js";
import { dataFaults, isPlainObject, read } from "../util/inspect.js";
import { compileOnUse, compileSchema, type CompiledSchema } from "./json-schema/validator.js";
import { checkSchema } from "./json-schema/meta-schema.js";
import type { SchemaFault } from "./json-schema/meta-view.js";
import { PARAM_HEADER, paramHeaderDeclarations } from "./json-schema/param-header.js";
import { closedPlaceReferences } from "./json-schema/reroot.js";
import { referenceLoops } from "./json-schema/reference-loops.js";
import { offence, type Offence } from "./offence.js";

/** What checking an action's property schemas gives: offences, and a compiled check per sound property. */
export interface PropertyChecks {
  readonly offences: readonly Offence[];
  /** Property name → its compiled schema; a property with an offence has none. */
  readonly values: ReadonlyMap<string, CompiledSchema>;
}

/** Compiled checks of sealed (deep-frozen) property schemas: their compiled form can never change. */
const compiledSealed = new WeakMap<object, CompiledSchema>();

/**
 * Checks and compiles the property schemas of `properties` whose names are
 * `names`. A property the key-set walk found offences in (`unsound`: their
 * places in it) is not compiled, and its meta-schema check names only the
 * faults elsewhere in it: one error names every offence, none twice. One the
 * walk could not take at all (`null`: a cycle, too large, unreadable) is not
 * checked further.
 *
 * @example
 * ```ts
 * const { offences, values } = checkPropertySchemas({ due: { type: "strng" } }, ["due"], new Map(), "create");
 * offences[0].location; // 'actions["create"].properties["due"]'
 * ```
 */
export function checkPropertySchemas(
  properties: object,
  names: Iterable<string>,
  unsound: ReadonlyMap<string, readonly (readonly unknown[])[] | null>,
  action: string | null,
  sealed = false,
): PropertyChecks {
  const offences: Offence[] = [];
  const values = new Map<string, CompiledSchema>();
  for (const name of names) {
    const schema = read(properties, name);
    if (!isPlainObject(schema)) continue;
    const walked = unsound.get(name);
    if (walked !== undefined) {
      if (walked !== null) offences.push(...besideTheWalk(schema, name, walked, action));
      continue;
    }
    const kept = sealed || isSealed(schema);
    const cached = kept ? compiledSealed.get(schema) : undefined;
    if (cached !== undefined) {
      values.set(name, cached);
      continue;
    }
    const checked = checkSchema(schema, { vocabulary: true });
    const found = checked.faults.map((fault) => metaOffence(fault, name, action));
    if (found.length === 0 && checked.references) found.push(...referenceOffences(schema, name, action));
    if (found.length === 0) {
      const compiled = checked.references ? compileProperty(schema, name, action, found) : compiledOnUse(schema, kept);
      if (compiled !== undefined) {
        values.set(name, compiled);
        if (kept) compiledSealed.set(schema, compiled);
      }
    }
    offences.push(...found);
  }
  // In source order, so the second of two declarations is the one named. No sound property: nothing to compare, and the
  // keys are not listed again (a map whose listing throws is the walk's to name).
  if (values.size > 0) offences.push(...repeatedParamHeaders(properties, sourceOrder(properties, values), action));
  return { offences, values };
}

/** The names of `values` in the order `properties` lists them (theirs, should a second listing throw). */
function sourceOrder(properties: object, values: ReadonlyMap<string, unknown>): Iterable<string> {
  try {
    return Object.keys(properties).filter((name) => values.has(name));
  } catch {
    return values.keys();
  }
}

/**
 * The `$ref`s of a meta-valid property schema that registration refuses: a
 * reference to a place the closure closes (it would mean something else once
 * listed), else one that loops without entering the value (no check of it
 * ever ends).
 */
function referenceOffences(schema: object, name: string, action: string | null): Offence[] {
  const refused = (holder: readonly (string | number)[], ref: string, problem: string, fix: string) =>
    offence({
      action,
      path: ["properties", name, ...holder],
      key: "$ref",
      code: "invalid_schema",
      problem: `"$ref" ${JSON.stringify(ref)} ${problem}`,
      fix,
    });
  const closed = closedPlaceReferences(schema).map(({ holder, ref }) =>
    refused(
      holder,
      ref,
      "points at a place the closure closes (the gate closes no place through a reference)",
      'move the shared schema into "$defs" and reference it from every place, such as "$ref": "#/$defs/node".',
    ),
  );
  if (closed.length > 0) return closed;
  return referenceLoops(schema).map(({ holder, ref }) =>
    refused(
      holder,
      ref,
      "leads back to itself without entering any part of the value, so checking a value never ends",
      'reach the recursion through a keyword that enters the value, such as "items": { "$ref": "#" }, or remove the reference.',
    ),
  );
}

/** The `x-mcp-header` names of an action's sound properties that repeat an earlier one, compared without case (a client drops the tool). */
function repeatedParamHeaders(properties: object, names: Iterable<string>, action: string | null): Offence[] {
  const offences: Offence[] = [];
  const seen = new Map<string, string>();
  for (const name of names)
    for (const { at, name: header } of paramHeaderDeclarations(read(properties, name) as object)) {
      const earlier = seen.get(header.toLowerCase());
      if (earlier === undefined) seen.set(header.toLowerCase(), header);
      else
        offences.push(
          offence({
            action,
            path: ["properties", name, ...at],
            key: PARAM_HEADER,
            code: "invalid_schema",
            problem: `"${PARAM_HEADER}" ${JSON.stringify(header)} repeats ${JSON.stringify(earlier)} (header names compare without case)`,
            fix: "give each mirrored argument a header name of its own.",
          }),
        );
    }
  return offences;
}

/** The meta-schema faults of a property the walk found offences in, but for those at, within or above a walk offence's place. */
function besideTheWalk(schema: object, name: string, walked: readonly (readonly unknown[])[], action: string | null): Offence[] {
  // Only plain JSON data: the meta-schema check is written for schemas the walk let through, and what is not JSON data
  // (a bigint, a String object, a getter) is the walk's to name.
  if (dataFaults(schema, { reading: "data" }).length > 0) return [];
  const within = (a: readonly unknown[], b: readonly unknown[]) => a.length <= b.length && a.every((segment, at) => segment === b[at]);
  return checkSchema(schema, { vocabulary: true })
    .faults.filter((fault) => {
      const place = [...fault.holder, ...(fault.key === undefined ? [] : [fault.key]), ...(fault.index === undefined ? [] : [fault.index])];
      return !walked.some((other) => within(place, other) || within(other, place));
    })
    .map((fault) => metaOffence(fault, name, action));
}

/**
 * The compiled check of a property schema that passed the meta-schema check
 * and uses no reference: compiled on its first use, and kept for a sealed
 * schema (`sealed`: known to be), whose compiled form can never change.
 * `pristine`: a schema in a pristine copy, which the fast yes reads in place.
 *
 * @example
 * ```ts
 * compiledOnUse(schema, false).accepts("Ada"); // compiles now, once
 * ```
 */
export function compiledOnUse(schema: object, sealed: boolean, pristine = false): CompiledSchema {
  const kept = sealed || isSealed(schema);
  const cached = kept ? compiledSealed.get(schema) : undefined;
  if (cached !== undefined) return cached;
  const compiled = compileOnUse(schema, pristine);
  if (kept) compiledSealed.set(schema, compiled);
  return compiled;
}

function compileProperty(schema: object, name: string, action: string | null, offences: Offence[]): CompiledSchema | undefined {
  let compiled: CompiledSchema;
  try {
    compiled = compileSchema(schema);
  } catch (error) {
    offences.push(
      offence({
        action,
        path: ["properties", name],
        code: "invalid_schema",
        problem: `the schema cannot be compiled (${error instanceof Error ? error.message.split("\n")[0]! : String(error)})`,
        fix: "give every $id a distinct value, and keep the schema plain JSON.",
      }),
    );
    return undefined;
  }
  for (const { at, ref } of compiled.unresolved) {
    offences.push(
      offence({
        action,
        path: ["properties", name, ...at],
        key: "$ref",
        code: "invalid_schema",
        problem: `"$ref" ${JSON.stringify(ref)} points to no schema`,
        fix: 'point it at a definition inside this property schema, such as "#/$defs/address" with $defs: { address: { … } }.',
      }),
    );
  }
  return compiled.unresolved.length === 0 ? compiled : undefined;
}

/** A meta-schema fault of property `name` as an offence at its place. */
function metaOffence(fault: SchemaFault, name: string, action: string | null): Offence {
  return offence({
    action,
    path: ["properties", name, ...fault.holder],
    ...(fault.key === undefined ? {} : { key: fault.key }),
    ...(fault.index === undefined ? {} : { index: fault.index }),
    code: fault.code ?? "invalid_schema",
    problem: fault.problem,
    fix: fault.fix,
  });
}
