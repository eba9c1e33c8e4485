/**
 * The validation layer: validating a tool's action declarations wherever
 * they are checked, and obtaining action schemas out of them wherever one is
 * read. Both halves live here because one definition of "carrying a key"
 * serves both: `checkMandatoryKeys` calls the chain's own validators.
 *
 * The invariant: a key outside `actionSchemaKeys()` is rejected wherever
 * `validate` runs (unknown ⇒ rejected); every key inside it has a validator
 * that rejects at least a wrong-type value (known ⇒ validated); every other
 * statement of the vocabulary is derived from it or pinned by a test
 * (restated ⇒ pinned).
 *
 * The obtaining functions — `actionNames`, `fetchSchema`, `fetchSchemas` —
 * are the only ways to read a tool's actions; no other module calls
 * `tool.actions()`. They hand out `CheckedActionSchema`, a type only this
 * module produces, and check exactly what they obtained. The registration
 * moment reads once, through `obtainForRegistration`: the names, the
 * offences and the listing's schemas all come from that one read.
 *
 * A record's actions are its own enumerable string keys, everywhere: a
 * symbol or non-enumerable own key is an offence of the record and is never
 * served (`fetchSchema` refuses it rather than resolving it through
 * `hasOwn`).
 */
import { isPristineData, readCopy } from "../util/read-once.js";
import { isInert } from "../util/inert.js";
import { isFrozenPristine } from "../util/pristine.js";
import type { DataContract } from "./data-check.js";
import { ActionSchemaError } from "./action-schema-error.js";
import { isSealed } from "../util/freeze.js";
import { chain, hiddenActionOffence, nameOffences } from "./chain.js";
import { describeType, hasOwn, isHiddenKey, isPlainObject, ownKeys, read, reasonText, isUnreadable } from "../util/inspect.js";
import { GUARDED, type Reading, type SchemaContext } from "./key-validators.js";
import type { KeySetWalk } from "./key-set.js";
import { requiredOf, requiredOneOfOf } from "./schema-read.js";
import { compareOffences, offence, type Offence } from "./offence.js";
import type { CheckedActionSchema } from "./checked-schema.js";

export type { CheckedActionSchema } from "./checked-schema.js";

/** What `fetchSchema` found: the checked schema, or the valid names for an unknown one. */
export type FetchedSchema =
  { readonly ok: true; readonly schema: CheckedActionSchema } | { readonly ok: false; readonly validNames: readonly string[] };

/** The data contract of every checked schema; verdicts on sealed schemas are reused. */
const contracts = new WeakMap<object, DataContract>();
const sealedVerdicts = new WeakSet<object>();

/** A tool as the validation layer sees it: anything, read defensively. */
type ToolLike = unknown;

/** What the registration moment learns from one read of a tool's action record. */
export interface RegistrationReading {
  /** The action names, sorted; `undefined` when the record could not be obtained (the offences say why). */
  readonly names: readonly string[] | undefined;
  /** Every offence of the action declarations, sorted: what `validate` throws. */
  readonly offences: readonly Offence[];
  /** Every schema, checked by the full chain, for the listing; `undefined` when there is any offence. */
  readonly schemas: Readonly<Record<string, CheckedActionSchema>> | undefined;
}

/**
 * The registration moment's one read: calls `tool.actions()` once and runs
 * the full chain on what it returned, handing back the names (for the
 * callback-surface check), the offences (for the registration error) and
 * the checked schemas (for the listing) — so every registration check, and
 * the listing, judge the same record, whatever a later call would return.
 *
 * @example
 * ```ts
 * const reading = obtainForRegistration(tasks);
 * callbackSurfaceOffences(tasks, reading); // handler names checked against reading.names
 * if (reading.offences.length > 0) throw new ActionSchemaError(tasks.name, reading.offences);
 * toolListing(tasks, reading.schemas);
 * ```
 */
export function obtainForRegistration(tool: ToolLike): RegistrationReading {
  const record = obtainNamed(tool);
  if (!("record" in record)) return { names: undefined, offences: record.offences, schemas: undefined };
  const offences: Offence[] = [...nameOffences(record.record), ...flatOffences(tool, record.names)];
  const schemas = Object.create(null) as Record<string, CheckedActionSchema>;
  for (const action of record.names) {
    const [schema, reading] = schemaOf(record.record, action);
    const context = chain(action, schema, "all", reading);
    if (context.offences.length === 0) {
      // A copy made for this reading alone is never seen again: its contract is not worth keeping.
      if (reading.sealed || isSealed(schema as object)) remember(schema as object, context);
      schemas[action] = schema as CheckedActionSchema;
    }
    offences.push(...context.offences);
  }
  offences.sort(compareOffences);
  return { names: record.names, offences, schemas: offences.length === 0 ? schemas : undefined };
}

/**
 * Every offence of a tool's action declarations, sorted — `validate`
 * without the throw.
 *
 * @example
 * ```ts
 * actionSchemaOffences(tool).map((o) => o.location);
 * ```
 */
export function actionSchemaOffences(tool: ToolLike): readonly Offence[] {
  return obtainForRegistration(tool).offences;
}

/**
 * The full chain, run at the registration moments: the action record's
 * shape, each action name, then per action the schema's shape, unknown keys,
 * every vocabulary key's validator and the key-set walk; then — for an
 * action with no shape offences — the defaults closure. Throws one
 * `ActionSchemaError` naming every offence.
 *
 * @example
 * ```ts
 * validate(tasks); // throws ActionSchemaError when any action schema is malformed
 * ```
 */
export function validate(tool: ToolLike): void {
  const offences = actionSchemaOffences(tool);
  if (offences.length > 0) throw new ActionSchemaError(toolName(tool), offences);
}

/**
 * The read-side check: the schema value's shape, then the validators of the
 * mandatory pair (so `properties` passes the key-set walk at every depth).
 * Returns the schema as a `CheckedActionSchema`. `tool` (the tool or its
 * name) only names the tool in the error.
 *
 * @example
 * ```ts
 * const schema = checkMandatoryKeys("tasks", "create", { description: "Create", properties: {} });
 * ```
 */
export function checkMandatoryKeys(tool: ToolLike, action: string, schema: unknown): CheckedActionSchema {
  const checkedSchema = checkOrOffences(action, schema);
  if (Array.isArray(checkedSchema)) throw new ActionSchemaError(typeof tool === "string" ? tool : toolName(tool), checkedSchema);
  return checkedSchema;
}

function checkOrOffences(action: string, schema: unknown, reading: Reading = GUARDED): CheckedActionSchema | Offence[] {
  if (typeof schema === "object" && schema !== null && sealedVerdicts.has(schema)) return schema as CheckedActionSchema;
  const context = chain(action, schema, "mandatory", reading);
  if (context.offences.length > 0) return context.offences;
  remember(schema as object, context);
  return schema as CheckedActionSchema;
}

/**
 * Keeps what a passing check compiled. The verdict itself is reused only for
 * a sealed schema (deep-frozen by defineTool, data properties only); the
 * registration moment remembers only those, so its full check spares the
 * obtaining that follows.
 */
function remember(schema: object, context: SchemaContext): void {
  const walk = walkOf(context);
  contracts.set(schema, contractFrom(context, walk, schema as CheckedActionSchema));
  if (walk.frozen && (context.reading.sealed || isSealed(schema))) sealedVerdicts.add(schema);
}

/** The key-set walk of a schema whose check found no offence: its `properties` validator ran. */
function walkOf(context: SchemaContext): KeySetWalk {
  if (context.walk === undefined) throw new Error("an action schema that passed its check has a key-set walk");
  return context.walk;
}

/**
 * The data contract of a checked schema (closure, compiled property
 * schemas, required names), compiled when it was checked. A schema that did
 * not come from an obtaining function is checked here first, so a caller
 * holding a hand-made schema gets an `ActionSchemaError`, not a crash.
 *
 * @example
 * ```ts
 * const found = fetchSchema(tasks, "create");
 * if (found.ok) contractOf(found.schema).required; // ["name"]
 * ```
 */
export function contractOf(schema: CheckedActionSchema): DataContract {
  const given: unknown = schema; // a JavaScript caller may pass anything
  const known = typeof given === "object" && given !== null ? contracts.get(given) : undefined;
  if (known !== undefined) return known;
  // A schema passes its check only once its contract is remembered.
  const contract = contracts.get(checkMandatoryKeys(undefined, "<unnamed>", schema));
  if (contract === undefined) throw new Error("an action schema that passed its check has a data contract");
  return contract;
}

/**
 * The tool's action names, sorted. Obtains no schema.
 *
 * @example
 * ```ts
 * actionNames(tasks); // ["close", "create", "list"]
 * ```
 */
export function actionNames(tool: ToolLike): string[] {
  const record = obtainNamed(tool);
  if (!("record" in record)) throw new ActionSchemaError(toolName(tool), record.offences);
  return record.names;
}

/**
 * Resolves an action by name and obtains its schema out of one call to
 * `tool.actions()`, checking the mandatory pair of that schema alone.
 *
 * @example
 * ```ts
 * const found = fetchSchema(tasks, "create");
 * if (found.ok) found.schema.properties;
 * else found.validNames; // for an unknown name
 * ```
 */
export function fetchSchema(tool: ToolLike, action: string): FetchedSchema {
  const record = obtainRecord(tool);
  if (!("record" in record)) throw new ActionSchemaError(toolName(tool), record.offences);
  // The record's actions are its own enumerable keys: a hidden one is an offence, never served.
  if (typeof action === "string" && isHiddenKey(record.record, action))
    throw new ActionSchemaError(toolName(tool), [hiddenActionOffence(action)]);
  if (typeof action !== "string" || !hasOwn(record.record, action)) {
    const named = namesOf(record.record);
    if (!("names" in named)) throw new ActionSchemaError(toolName(tool), named.offences);
    return { ok: false, validNames: named.names };
  }
  const checked = checkOrOffences(action, ...schemaOf(record.record, action));
  if (Array.isArray(checked)) throw new ActionSchemaError(toolName(tool), checked);
  return { ok: true, schema: checked };
}

/**
 * Obtains every schema of a tool out of one call to `tool.actions()`, all
 * checked; throws one error naming every offence of every action.
 *
 * @example
 * ```ts
 * for (const [action, schema] of Object.entries(fetchSchemas(tasks))) console.log(action, schema.description);
 * ```
 */
export function fetchSchemas(tool: ToolLike): Readonly<Record<string, CheckedActionSchema>> {
  const record = obtainNamed(tool);
  if (!("record" in record)) throw new ActionSchemaError(toolName(tool), record.offences);
  const schemas = Object.create(null) as Record<string, CheckedActionSchema>;
  const offences: Offence[] = [];
  for (const action of record.names) {
    const schema = checkOrOffences(action, ...schemaOf(record.record, action));
    if (Array.isArray(schema)) offences.push(...schema);
    else schemas[action] = schema;
  }
  if (offences.length > 0) throw new ActionSchemaError(toolName(tool), offences);
  return schemas;
}

/** The tool's name when it is a readable string. */
export function toolName(tool: ToolLike): string | undefined {
  if (typeof tool !== "object" || tool === null) return undefined;
  const name = read(tool, "name");
  return typeof name === "string" ? name : undefined;
}

interface Failed {
  readonly offences: Offence[];
}
type Named = { readonly record: object; readonly names: string[] } | Failed;

const fail = (code: Offence["code"], problem: string, fix: string): Failed => ({
  offences: [offence({ action: null, path: [], code, problem, fix })],
});

/** The record and its sorted action names. */
function obtainNamed(tool: ToolLike): Named {
  const obtained = obtainRecord(tool);
  return "record" in obtained ? namesOf(obtained.record) : obtained;
}

function namesOf(record: object): Named {
  const keys = ownKeys(record);
  if (isUnreadable(keys))
    return fail("unreadable", `the action names cannot be read (${reasonText(keys.reason)})`, "return a plain object of action schemas.");
  return { record, names: keys.strings.sort() };
}

/**
 * A flat tool (`flat: true`) is listed and called as its one action: it
 * must declare exactly one. `flat` itself is `true`, `false` or absent.
 */
function flatOffences(tool: ToolLike, names: readonly string[]): Offence[] {
  const flat = typeof tool === "object" && tool !== null ? read(tool, "flat") : undefined;
  if (flat === undefined || flat === false) return [];
  if (flat !== true)
    return fail("flat_tool", `flat is ${describeType(flat)}`, "write flat: true for a single-action tool listed flat, or leave flat out.")
      .offences;
  if (names.length === 1) return [];
  return fail(
    "flat_tool",
    `the tool is flat but declares ${names.length} actions` +
      (names.length === 0 ? "" : ` (${names.map((name) => JSON.stringify(name)).join(", ")})`),
    "declare exactly one action in a flat tool, or drop flat: true to list the actions behind { action, data }.",
  ).offences;
}

/**
 * One action's schema as obtained: every accessor read once, so the schema
 * this obtaining checks is the one it hands out (deep-frozen data, as
 * `defineTool` makes it, and an inert record's schema, `inert.ts`, have no
 * accessor and are handed out as they are); and how it may be read
 * (`pristine.ts`): a pristine copy itself, held in the pristine copy
 * `defineTool` froze throughout, or inert and pristine (read as it is).
 */
function schemaOf(record: object, action: string): [schema: unknown, reading: Reading] {
  const schema = read(record, action);
  if (typeof schema !== "object" || schema === null) return [schema, GUARDED];
  if (isFrozenPristine(record)) return [schema, SEALED_PRISTINE];
  if (isSealed(schema)) return [schema, GUARDED];
  if (isInert(record)) return [schema, isPristineData(schema) ? PRISTINE : GUARDED];
  const { copy, pristine } = readCopy(schema);
  return [copy, pristine.length > 0 ? PRISTINE : GUARDED];
}

const PRISTINE: Reading = Object.freeze({ pristine: true, sealed: false });
const SEALED_PRISTINE: Reading = Object.freeze({ pristine: true, sealed: true });

/** The one place that calls `tool.actions()`. */
function obtainRecord(tool: ToolLike): { readonly record: object } | Failed {
  let record: unknown;
  try {
    record = (tool as { actions(): unknown }).actions();
  } catch (error) {
    const actions = typeof tool === "object" && tool !== null ? read(tool, "actions") : undefined;
    return typeof actions === "function"
      ? fail("actions_threw", `actions() threw (${reasonText(error)})`, "make actions() return the action record without throwing.")
      : fail(
          "actions_not_function",
          `the tool's actions is ${actions === undefined ? "missing" : describeType(actions)}`,
          "declare the tool with defineTool({ name, description, actions: { … }, handlers: { … } }).",
        );
  }
  if (!isPlainObject(record)) {
    return fail(
      "actions_not_object",
      "actions() did not return a plain object",
      "return an object mapping each action name to its action schema.",
    );
  }
  return { record };
}

function contractFrom(context: SchemaContext, walk: KeySetWalk, schema: CheckedActionSchema): DataContract {
  return { closure: walk.closure, values: context.values ?? new Map(), required: requiredOf(schema), groups: requiredOneOfOf(schema) };
}
