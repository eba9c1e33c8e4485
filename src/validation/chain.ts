/**
 * The chain: the validators run, in order, on one action schema — its shape,
 * unknown keys, every vocabulary key's validator (mandatory keys present),
 * the key-set walk, then the defaults closure for an action with no shape
 * offences. `validate` runs it on every key, the read side on the mandatory
 * pair; both through `obtaining.ts`, the layer's one entry.
 */
import { echo } from "../util/echo.js";
import {
  allOwnKeys,
  describeType,
  hasOwn,
  isHiddenKey,
  isPlainObject,
  read,
  reasonText,
  isUnreadable,
  symbolText,
} from "../util/inspect.js";
import { authorDataOffences } from "./author-data.js";
import { GUARDED, keyValidators, type Reading, type SchemaContext } from "./key-validators.js";
import { offence, type Offence } from "./offence.js";
import { closest } from "../util/suggest.js";
import { actionSchemaKeys, mandatoryActionSchemaKeys, type ActionSchemaKey } from "../tool.js";

/**
 * Offences of the action names themselves: symbols, non-enumerable names,
 * empty names, line breaks. A record's actions are its own enumerable string
 * keys (what `actionNames` lists and `tools/list` shows); any other own key
 * is an offence here, and is never served.
 */
export function nameOffences(record: object): Offence[] {
  const keys = allOwnKeys(record);
  if (isUnreadable(keys)) return [];
  const offences = keys.symbols.map((symbol) =>
    offence({
      action: null,
      path: [],
      key: symbolText(symbol),
      code: "symbol_key",
      problem: `${symbolText(symbol)} is a symbol key`,
      fix: "name every action with a string.",
    }),
  );
  for (const name of keys.hidden) offences.push(hiddenActionOffence(name));
  for (const name of keys.strings) {
    const problem =
      name === ""
        ? "an action name is empty"
        : /[\r\n]/.test(name)
          ? `action name ${JSON.stringify(name)} contains a line break`
          : undefined;
    if (problem !== undefined)
      offences.push(
        offence({
          action: null,
          path: [],
          key: name,
          code: "invalid_action_name",
          problem,
          fix: 'name the action with a non-empty, one-line string such as "create".',
        }),
      );
  }
  return offences;
}

/** The offence of an action defined as a non-enumerable property: never listed, so never validated or served. */
export function hiddenActionOffence(name: string): Offence {
  return offence({
    action: null,
    path: [],
    key: name,
    code: "non_enumerable_key",
    problem: `action ${JSON.stringify(name)} is not enumerable`,
    fix: "declare the action as an ordinary property of the record (an object literal key); a non-enumerable action is never listed.",
  });
}

/**
 * Runs the chain on one action schema: every key (`all`) or the mandatory
 * pair, reading it as `reading` says (a pristine copy plainly).
 */
export function chain(action: string, schema: unknown, scope: "all" | "mandatory", reading: Reading = GUARDED): SchemaContext {
  const context: SchemaContext = { action, offences: [], declared: undefined, walk: undefined, values: undefined, reading };
  if (!isPlainObject(schema)) {
    context.offences.push(
      offence({
        action,
        path: [],
        code: isUnreadable(schema) ? "unreadable" : "schema_not_object",
        problem: `the action schema is ${isUnreadable(schema) ? `unreadable (${reasonText(schema.reason)})` : describeType(schema)}`,
        fix: 'write an object with at least description and properties, such as { description: "…", properties: {} }.',
      }),
    );
    return context;
  }
  const vocabulary: readonly ActionSchemaKey[] = scope === "all" ? actionSchemaKeys() : mandatoryActionSchemaKeys();
  if (scope === "all") context.offences.push(...unknownKeyOffences(action, schema, vocabulary));
  const mandatory = new Set<string>(mandatoryActionSchemaKeys());
  // `properties` first: the validators of required, requiredOneOf and defaults read what it declares.
  for (const key of [...vocabulary].sort((a, b) => Number(b === "properties") - Number(a === "properties"))) {
    if (isHiddenKey(schema, key)) {
      context.offences.push(hiddenKeyOffence(action, key));
      continue;
    }
    const value = hasOwn(schema, key) ? read(schema, key) : undefined;
    // An optional key written as `undefined` (a conditional spread, say) counts as absent.
    if (value === undefined && (!mandatory.has(key) || !hasOwn(schema, key))) {
      if (mandatory.has(key)) context.offences.push(missingKey(action, key));
      continue;
    }
    keyValidators[key](value, context);
  }
  if (scope === "all" && context.offences.length === 0 && context.walk !== undefined) {
    context.offences.push(...authorDataOffences(schema, context, context.walk));
  }
  return context;
}

function missingKey(action: string, key: string): Offence {
  // The action's own name in the sample: a sample about another domain reads as a suggestion to copy.
  const example =
    key === "description"
      ? `description: ${JSON.stringify(`What ${typeof action === "string" ? echo(action, 40) : "it"} does, in one line`)}`
      : 'properties: { name: { type: "string" } } (or properties: {} for none)';
  return offence({ action, path: [], key, code: "missing_key", problem: `missing mandatory key "${key}"`, fix: `add ${example}.` });
}

function hiddenKeyOffence(action: string, key: string): Offence {
  return offence({
    action,
    path: [],
    key,
    code: "non_enumerable_key",
    problem: `${JSON.stringify(key)} is not enumerable`,
    fix:
      "write it as an ordinary property of the action schema (an object literal key); " +
      "help, tools/list and the gate see only enumerable keys.",
  });
}

function unknownKeyOffences(action: string, schema: object, vocabulary: readonly string[]): Offence[] {
  const keys = allOwnKeys(schema);
  if (isUnreadable(keys)) {
    return [
      offence({
        action,
        path: [],
        code: "unreadable",
        problem: `its keys cannot be read (${reasonText(keys.reason)})`,
        fix: "write the action schema as a plain object.",
      }),
    ];
  }
  const known = new Set(vocabulary);
  const knownList = `Known keys: ${vocabulary.join(", ")}.`;
  const offences = keys.symbols.map((symbol) =>
    offence({
      action,
      path: [],
      key: symbolText(symbol),
      code: "symbol_key",
      problem: `unknown key ${symbolText(symbol)} (a symbol)`,
      fix: `remove it. ${knownList}`,
    }),
  );
  // A hidden vocabulary key is reported by the chain's loop, at both moments.
  for (const key of keys.hidden) if (!known.has(key)) offences.push(hiddenKeyOffence(action, key));
  for (const key of keys.strings) {
    if (known.has(key)) continue;
    const guess = closest(key, vocabulary);
    offences.push(
      offence({
        action,
        path: [],
        key,
        code: "unknown_key",
        problem: `unknown key ${JSON.stringify(key)}`,
        fix: `${guess === undefined ? "remove it, or move its text into notes." : `did you mean ${JSON.stringify(guess)}?`} ${knownList}`,
      }),
    );
  }
  return offences;
}
