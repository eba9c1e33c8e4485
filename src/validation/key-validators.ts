/**
 * One validator per key of the action-schema vocabulary — the chain's own
 * validators, shared by `validate` and `checkMandatoryKeys`. The record type
 * makes a key without a validator a compile error; the invariant test makes
 * it a test failure too.
 */
import {
  arrayEntries,
  arrayLength,
  describeType,
  holeText,
  isArray,
  isPlainObject,
  read,
  reasonText,
  isUnreadable,
} from "../util/inspect.js";
import type { CompiledSchema } from "./json-schema/validator.js";
import { walkKeySet, type KeySetWalk } from "./key-set.js";
import { checkPropertySchemas } from "./property-checks.js";
import { fastProperties } from "./fast-properties.js";
import { offence, type Offence, type OffenceCode, type PathSegment } from "./offence.js";
import { closest } from "../util/suggest.js";
import type { ActionSchemaKey } from "../tool.js";

/** What the validators of one action schema share. */
export interface SchemaContext {
  readonly action: string;
  readonly offences: Offence[];
  /** The names `properties` declares, once it is known to be a plain object. */
  declared: ReadonlySet<string> | undefined;
  /** The key-set walk of `properties`, once it ran. */
  walk: KeySetWalk | undefined;
  /** The compiled schema of every sound property, once `properties` was checked. */
  values: ReadonlyMap<string, CompiledSchema> | undefined;
  /** How the schema may be read (`pristine.ts`): plainly (a pristine copy), and whether every object in it is sealed. */
  readonly reading: Reading;
}

/** How an obtained schema may be read: a pristine copy the fast yes of `properties` reads plainly, sealed throughout or not. */
export interface Reading {
  readonly pristine: boolean;
  /** Every object in it is sealed (a pristine copy `defineTool` froze), so verdicts on it can be kept. */
  readonly sealed: boolean;
}

/** An author's object, or a copy that is not pristine: every read guarded, sealed objects found one by one. */
export const GUARDED: Reading = Object.freeze({ pristine: false, sealed: false });

type KeyValidator = (value: unknown, context: SchemaContext) => void;

interface Where {
  readonly path: readonly PathSegment[];
  readonly key?: string;
  readonly index?: number;
}

function report(context: SchemaContext, where: Where, code: OffenceCode, problem: string, fix: string): void {
  context.offences.push(offence({ action: context.action, ...where, code, problem, fix }));
}

function wrongType(context: SchemaContext, key: ActionSchemaKey, value: unknown, fix: string): void {
  report(
    context,
    { path: [], key },
    isUnreadable(value) ? "unreadable" : "wrong_type",
    isUnreadable(value) ? `reading "${key}" threw (${reasonText(value.reason)})` : `"${key}" is ${describeType(value)}`,
    fix,
  );
}

/** One present entry of a list: its index and value. */
type Entry = readonly [index: number, value: unknown];

const HOLE_FIX = 'write an entry at every position: remove the empty slot (as in [, "name"] or new Array(3)), or fill it.';

/**
 * The present entries of a list, or `undefined` after reporting a wrong
 * type. A hole (`[, "name"]`, `new Array(3)`) is a wrong-typed entry,
 * reported here as one offence per run of holes; an entry whose read throws
 * is reported and left out. Found through the list's own keys, so a huge
 * sparse list costs what it holds.
 */
function listEntries(
  context: SchemaContext,
  value: unknown,
  path: readonly PathSegment[],
  onWrongType: (value: unknown) => void,
): Entry[] | undefined {
  const found = isArray(value) ? arrayEntries(value) : undefined;
  if (found === undefined || isUnreadable(found)) {
    onWrongType(found ?? value);
    return undefined;
  }
  for (const run of found.holes) report(context, { path, index: run[0] }, "wrong_type", holeText(run), HOLE_FIX);
  const present: Entry[] = [];
  for (const index of found.present) {
    const entry = read(value as readonly unknown[], index);
    if (isUnreadable(entry))
      report(
        context,
        { path, index },
        "unreadable",
        `reading entry ${index} threw (${reasonText(entry.reason)})`,
        "write the list as plain data.",
      );
    else present.push([index, entry]);
  }
  return present;
}

/** The entries of a vocabulary key's list, or `undefined` after reporting a wrong type. */
function entries(context: SchemaContext, key: ActionSchemaKey, value: unknown, fix: string): Entry[] | undefined {
  return listEntries(context, value, [key], (wrong) => wrongType(context, key, wrong, fix));
}

/**
 * Checks a list of names: strings, distinct, each declared in `properties`.
 * Returns the distinct strings it saw.
 */
function checkNames(context: SchemaContext, list: readonly Entry[], path: readonly PathSegment[], listName: string): Set<string> {
  const seen = new Set<string>();
  const declared = context.declared;
  list.forEach(([index, name]) => {
    if (typeof name !== "string") {
      report(
        context,
        { path, index },
        "wrong_type",
        `entry ${index} is ${describeType(name)}`,
        `write the name of a property as a string.`,
      );
    } else if (seen.has(name)) {
      report(
        context,
        { path, key: name, index },
        "duplicate_entry",
        `${JSON.stringify(name)} is listed twice`,
        `remove the second ${JSON.stringify(name)}.`,
      );
    } else {
      seen.add(name);
      if (declared !== undefined && !declared.has(name)) {
        const guess = closest(name, [...declared]);
        const remedy = `declare ${JSON.stringify(name)} in properties, or remove it from ${listName}.`;
        report(
          context,
          { path, key: name, index },
          "undeclared_name",
          `${JSON.stringify(name)} is not declared in properties`,
          guess === undefined ? remedy : `did you mean ${JSON.stringify(guess)}? Otherwise ${remedy}`,
        );
      }
    }
  });
  return seen;
}

const STRING_LIST_FIX = "write an array of strings.";

/** The validators, keyed by the vocabulary (`actionSchemaKeys()`). */
export const keyValidators: Readonly<Record<ActionSchemaKey, KeyValidator>> = {
  description(value, context) {
    if (typeof value !== "string") {
      wrongType(context, "description", value, 'write a one-line string, such as "Create a task".');
      return;
    }
    if (/[\r\n]/.test(value)) {
      report(
        context,
        { path: [], key: "description" },
        "line_break",
        '"description" contains a line break',
        "keep the description on one line; put longer guidance in notes.",
      );
    }
  },
  properties(value, context) {
    if (!isPlainObject(value)) {
      wrongType(
        context,
        "properties",
        value,
        'write an object mapping each property name to its schema, such as { name: { type: "string" } } (or {} for none).',
      );
      return;
    }
    const { pristine, sealed } = context.reading;
    const fast = pristine ? fastProperties(value, sealed) : undefined;
    if (fast !== undefined) {
      context.walk = fast.walk;
      context.declared = new Set(fast.walk.closure.declared.keys());
      context.values = fast.values;
      return;
    }
    context.walk = walkKeySet(value, context.action, sealed);
    context.declared = new Set(context.walk.closure.declared.keys());
    context.offences.push(...context.walk.offences);
    // Where the walk found offences, by property: its meta-schema check names only what lies elsewhere (a misspelt type beside
    // a malformed nested schema), and it is not compiled. A property the walk cannot take (a cycle, past the size bound, a
    // read that throws) is not checked further at all (`null`): the meta-schema check would walk what the walk refused.
    const unsound = new Map<string, (readonly unknown[])[] | null>();
    for (const found of context.walk.offences) {
      // An offence at the map itself, of one property (a schema that is not an object, a throwing read): that property only.
      if (found.path.length === 1 && found.key !== undefined) {
        if (found.code !== "symbol_key") unsound.set(found.key, null);
        continue;
      }
      const name = found.path[1];
      if (typeof name !== "string") continue;
      const places = unsound.get(name);
      if (places === null) continue;
      if (found.code === "cycle" || found.code === "too_large" || found.code === "unreadable") {
        unsound.set(name, null);
        continue;
      }
      const place = [
        ...found.path.slice(2),
        ...(found.key === undefined ? [] : [found.key]),
        ...(found.index === undefined ? [] : [found.index]),
      ];
      if (places === undefined) unsound.set(name, [place]);
      else places.push(place);
    }
    // An offence of the walk as a whole (too many objects, a map whose keys cannot be listed) leaves no property worth
    // checking further.
    const whole = context.walk.offences.some((found) => found.path.length < 2 && found.key === undefined);
    const checks = checkPropertySchemas(value, whole ? [] : context.declared, unsound, context.action, sealed);
    context.values = checks.values;
    context.offences.push(...checks.offences);
  },
  required(value, context) {
    const list = entries(context, "required", value, 'write an array of declared property names, such as ["name"].');
    if (list !== undefined) checkNames(context, list, ["required"], "required");
  },
  requiredOneOf(value, context) {
    const groups = entries(
      context,
      "requiredOneOf",
      value,
      'write an array of groups of declared property names, such as [["id"], ["name"]].',
    );
    if (groups !== undefined) checkGroups(context, groups);
  },
  defaults(value, context) {
    if (!isPlainObject(value))
      wrongType(context, "defaults", value, "write an object mapping declared property names to their default values.");
  },
  notes(value, context) {
    if (typeof value !== "string") wrongType(context, "notes", value, "write a string; line breaks are allowed.");
  },
  related(value, context) {
    entries(context, "related", value, STRING_LIST_FIX)?.forEach(([index, entry]) => {
      if (typeof entry !== "string")
        report(
          context,
          { path: ["related"], index },
          "wrong_type",
          `entry ${index} is ${describeType(entry)}`,
          "write the related action or tool name as a string.",
        );
    });
  },
  examples(value, context) {
    entries(context, "examples", value, 'write an array of example data objects, such as [{ name: "Buy milk" }].')?.forEach(
      ([index, entry]) => {
        if (!isPlainObject(entry))
          report(
            context,
            { path: ["examples"], index },
            "wrong_type",
            `entry ${index} is ${describeType(entry)}`,
            "write each example as a plain object of data.",
          );
      },
    );
  },
};

/**
 * `requiredOneOf` groups: non-empty arrays of distinct declared names, no
 * duplicate group, none a strict superset of another. Supersets are found
 * through an index from name to the groups holding it: each group is
 * compared only with the groups holding its rarest name, not with every
 * other group.
 */
function checkGroups(context: SchemaContext, groups: readonly Entry[]): void {
  // One slot per present group, in index order; `set` is cleared once the group is reported.
  const slots: { readonly index: number; set: Set<string> | undefined }[] = groups.map(([index, group]) => {
    const list = listEntries(context, group, ["requiredOneOf", index], (wrong) =>
      report(
        context,
        { path: ["requiredOneOf"], index },
        isUnreadable(wrong) ? "unreadable" : "wrong_type",
        isUnreadable(wrong) ? `reading group ${index} threw (${reasonText(wrong.reason)})` : `group ${index} is ${describeType(wrong)}`,
        'write the group as an array of property names, such as ["id"].',
      ),
    );
    if (list === undefined) return { index, set: undefined };
    if (arrayLength(group as readonly unknown[]) === 0) {
      report(
        context,
        { path: ["requiredOneOf"], index },
        "empty_group",
        `group ${index} is empty`,
        "name at least one property in the group, or remove it.",
      );
      return { index, set: undefined };
    }
    return { index, set: checkNames(context, list, ["requiredOneOf", index], "the group") };
  });

  const firstWithSignature = new Map<string, number>();
  const holders = new Map<string, Set<number>>();
  slots.forEach((slot, position) => {
    const { set, index } = slot;
    if (set === undefined || set.size === 0) return;
    const signature = JSON.stringify([...set].sort());
    const first = firstWithSignature.get(signature);
    if (first !== undefined) {
      report(
        context,
        { path: ["requiredOneOf"], index },
        "duplicate_group",
        `group ${index} repeats group ${first}`,
        `remove group ${index}.`,
      );
      slot.set = undefined;
      return;
    }
    firstWithSignature.set(signature, index);
    for (const name of set) {
      let holding = holders.get(name);
      if (holding === undefined) holders.set(name, (holding = new Set()));
      holding.add(position);
    }
  });

  slots.forEach(({ set, index }, position) => {
    if (set === undefined || set.size === 0) return;
    // Every group that holds all of this group's names: intersect, starting from the rarest name.
    // Every name was added to holders above.
    const lists = [...set].map((name) => holders.get(name) ?? new Set<number>()).sort((a, b) => a.size - b.size);
    for (const candidate of lists[0]!) {
      const superset = slots[candidate]!;
      if (candidate === position || superset.set === undefined || superset.set.size <= set.size) continue;
      if (lists.every((list) => list.has(candidate))) {
        report(
          context,
          { path: ["requiredOneOf"], index: superset.index },
          "superset_group",
          `group ${superset.index} contains every name of group ${index}`,
          `remove group ${superset.index}: a call that satisfies it already satisfies group ${index}.`,
        );
        superset.set = undefined;
      }
    }
  });
}
