/**
 * Which offences the build may report: only those that hold whatever the
 * unknown parts of a declaration turn out to be. The runtime validators see
 * an `Unknown` as a wrong-typed value and a partly known object as only its
 * known keys; every offence that could come from that is dropped here (the
 * registration moment still checks it at run time). No false positives.
 */
import type { Offence, PathSegment } from "../src/index.js";
import type { ToolDeclaration } from "./evaluator/declarations.js";
import type { Provenance } from "./evaluator/provenance.js";
import { Unknown } from "./evaluator/unknown.js";

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
  const holder = walk(schema, offence.path);
  if (holder instanceof Unknown) return false;
  switch (offence.code) {
    case "missing_key":
      // An unknown part of the schema may carry the key.
      return !provenance.isPartial(holder);
    case "unknown_key":
    case "symbol_key":
    case "invalid_action_name":
      // The key is in the known part, and no unknown part can remove a key.
      return true;
    case "undeclared_name":
      // The name may be declared by an unknown part of `properties`.
      return isComplete(own(schema, "properties"), provenance, "shallow");
    case "duplicate_group":
    case "superset_group":
      // A group with an unknown name may differ from the groups it was compared with.
      return groupsKnown(own(schema, "requiredOneOf"));
    case "undeclared_default":
      // Any unknown part of the schema tree may declare the key or open the place.
      return isComplete(own(schema, "properties"), provenance, "deep");
    case "invalid_default":
      // The value and every schema it is checked against must be known.
      return isComplete(own(schema, "properties"), provenance, "deep") && isComplete(own(schema, "defaults"), provenance, "deep");
    case "invalid_example": {
      const example = own(own(schema, "examples"), offence.path[1] ?? -1);
      return ["properties", "required", "requiredOneOf"].every((key) => isComplete(own(schema, key), provenance, "deep")) && isComplete(example, provenance, "deep");
    }
    case "unsatisfiable_required": {
      // The place's properties and additionalProperties decide what it refuses; an unknown part may declare the name.
      const place = walk(schema, offence.path.slice(0, -1));
      return !provenance.isPartial(place) && isComplete(own(place, "properties"), provenance, "shallow") && !(own(place, "additionalProperties") instanceof Unknown);
    }
    case "invalid_schema":
      // A later unknown spread could replace the keyword's value in a partly known schema.
      return !provenance.isPartial(holder) && isComplete(valueAt(holder, offence), provenance, "deep");
    default:
      return !(valueAt(holder, offence) instanceof Unknown);
  }
}

/** An own key's value, `undefined` when absent. */
function own(holder: unknown, key: PathSegment): unknown {
  if (typeof holder !== "object" || holder === null || !Object.hasOwn(holder, key)) return undefined;
  return (holder as Record<PathSegment, unknown>)[key];
}

/** The value at a path, or the first `Unknown` met on the way. */
function walk(start: unknown, path: readonly PathSegment[]): unknown {
  let value = start;
  for (const segment of path) {
    if (value instanceof Unknown) return value;
    value = own(value, segment);
  }
  return value;
}

/** The value an offence is about: the array entry, the keyed value, or the holder itself. */
function valueAt(holder: unknown, offence: Offence): unknown {
  if (offence.index !== undefined && Array.isArray(holder)) return holder[offence.index];
  if (offence.key !== undefined && typeof holder === "object" && holder !== null && Object.hasOwn(holder, offence.key)) return own(holder, offence.key);
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
  return Array.isArray(groups) && groups.every((group) => !(group instanceof Unknown) && (!Array.isArray(group) || group.every((name) => !(name instanceof Unknown))));
}
