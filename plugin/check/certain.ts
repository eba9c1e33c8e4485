/**
 * Which offences the build may report: only those that hold whatever the
 * unknown parts of a declaration turn out to be. The runtime validators see
 * an `Unknown` as a wrong-typed value and a partly known object as only its
 * known keys; every offence that could come from that is dropped here (the
 * registration moment still checks it at run time). No false positives.
 */
import type { Offence, OffenceCode, PathSegment } from "../../src/index.js";
import type { Provenance } from "../evaluator/provenance.js";
import { Unknown } from "../evaluator/unknown.js";
import type { ToolDeclaration } from "./declarations.js";
import { walkPath } from "./offence-path.js";

/**
 * Whether an offence holds regardless of the declaration's unknown parts.
 *
 * @example
 * ```ts
 * const reported = offences.filter((offence) => isCertain(declaration, offence));
 * ```
 */
export function isCertain(declaration: ToolDeclaration, offence: Offence): boolean {
  const { provenance, record } = declaration;
  if (record instanceof Unknown) return false;
  if (offence.action === null) return true; // the record and its names are known
  const schema = own(record, offence.action);
  const holder = walkPath(schema, offence.path, provenance).value;
  if (holder instanceof Unknown) return false;
  return CERTAIN[offence.code]({ offence, provenance, schema, holder });
}

/** What an offence's certainty is decided from: its action schema, and the object holding what it is about (both known). */
interface Site {
  readonly offence: Offence;
  readonly provenance: Provenance;
  readonly schema: unknown;
  readonly holder: unknown;
}

/** A key in the known part: no unknown part can remove a key. */
const always = (): boolean => true;

/** The value the offence is about is known (an unknown value is reported by the validators as a wrong type). */
const valueKnown = ({ holder, offence }: Site): boolean => !(valueAt(holder, offence) instanceof Unknown);

/** Per code, when an offence holds whatever the unknown parts turn out to be: a code without an entry does not compile. */
const CERTAIN: Readonly<Record<OffenceCode, (site: Site) => boolean>> = {
  actions_not_function: valueKnown,
  actions_threw: valueKnown,
  actions_not_object: valueKnown,
  schema_not_object: valueKnown,
  wrong_type: valueKnown,
  line_break: valueKnown,
  duplicate_entry: valueKnown,
  empty_group: valueKnown,
  cycle: valueKnown,
  too_large: valueKnown,
  unreadable: valueKnown,
  unknown_key: always,
  symbol_key: always,
  non_enumerable_key: always,
  invalid_action_name: always,
  // Found by `surface.ts` on parts known whole only.
  invalid_tool_name: always,
  missing_handler: always,
  handler_without_action: always,
  // An unknown part of the schema may carry the key.
  missing_key: ({ holder, provenance }) => !provenance.isPartial(holder),
  // The name may be declared by an unknown part of `properties`.
  undeclared_name: ({ schema, provenance }) => isComplete(own(schema, "properties"), provenance, "shallow"),
  // A group with an unknown name may differ from the groups it was compared with.
  duplicate_group: ({ schema }) => groupsKnown(own(schema, "requiredOneOf")),
  superset_group: ({ schema }) => groupsKnown(own(schema, "requiredOneOf")),
  // Any unknown part of the schema tree may declare the key or open the place.
  undeclared_default: ({ schema, provenance }) => isComplete(own(schema, "properties"), provenance, "deep"),
  // The value and every schema it is checked against must be known.
  invalid_default: ({ schema, provenance }) =>
    isComplete(own(schema, "properties"), provenance, "deep") && isComplete(own(schema, "defaults"), provenance, "deep"),
  invalid_example: ({ schema, provenance, offence }) => {
    const example = own(own(schema, "examples"), offence.path[1] ?? -1);
    return (
      ["properties", "required", "requiredOneOf"].every((key) => isComplete(own(schema, key), provenance, "deep")) &&
      isComplete(example, provenance, "deep")
    );
  },
  // The place's properties and additionalProperties decide what it refuses; an unknown part may declare the name.
  unsatisfiable_required: ({ schema, provenance, offence }) => {
    const place = walkPath(schema, offence.path.slice(0, -1), provenance).value;
    return (
      !provenance.isPartial(place) &&
      isComplete(own(place, "properties"), provenance, "shallow") &&
      !(own(place, "additionalProperties") instanceof Unknown)
    );
  },
  // A later unknown spread could replace the keyword's value in a partly known schema.
  invalid_schema: ({ holder, provenance, offence }) =>
    !provenance.isPartial(holder) && isComplete(valueAt(holder, offence), provenance, "deep"),
  // An offence of the tool (action null) never reaches this table; declarations.ts passes `flat` only with a wholly known record.
  flat_tool: valueKnown,
};

/** An own key's value, `undefined` when absent. */
function own(holder: unknown, key: PathSegment): unknown {
  if (typeof holder !== "object" || holder === null || !Object.hasOwn(holder, key)) return undefined;
  return (holder as Record<PathSegment, unknown>)[key];
}

/** The value an offence is about: the array entry, the keyed value, or the holder itself. */
function valueAt(holder: unknown, offence: Offence): unknown {
  if (offence.index !== undefined && Array.isArray(holder)) return holder[offence.index];
  if (offence.key !== undefined && typeof holder === "object" && holder !== null && Object.hasOwn(holder, offence.key))
    return own(holder, offence.key);
  return holder;
}

/** Whether a value is known: no `Unknown` and no partly known object (at its top, or anywhere below it). */
function isComplete(value: unknown, provenance: Provenance, depth: "shallow" | "deep"): boolean {
  const seen = new Set<object>();
  const stack = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next instanceof Unknown || provenance.isPartial(next)) return false;
    if (depth === "shallow" || typeof next !== "object" || next === null || seen.has(next)) continue;
    seen.add(next);
    for (const key of Object.keys(next)) stack.push((next as Record<string, unknown>)[key]);
  }
  return true;
}

function groupsKnown(groups: unknown): boolean {
  return (
    Array.isArray(groups) &&
    groups.every((group) => !(group instanceof Unknown) && (!Array.isArray(group) || group.every((name) => !(name instanceof Unknown))))
  );
}
