/**
 * The Tool contract: what a tool module declares, and the one code home of
 * the action-schema vocabulary.
 *
 * A tool has a name, a description, a record of named **actions** — each
 * declared by an **action schema** — and a handler per action.
 *
 * ## Action schema format
 *
 * An action schema is a plain object (prototype `Object.prototype` or
 * `null`) with exactly these keys; any other key is an offence, with a "did
 * you mean" fix when one is close:
 *
 * - `description` (mandatory) — a string without a line break (`\n`, `\r`): the one-line summary shown in `tools/list` and help.
 * - `properties` (mandatory) — a plain object mapping each property name of the action's data to its
 *   property schema (a JSON Schema object).
 * - `required` — an array of distinct strings, each declared in `properties`: the keys a call must carry.
 * - `requiredOneOf` — an array of non-empty groups, each an array of distinct declared names; no duplicate
 *   group and no group a strict superset of another: a call must carry every key of at least one group.
 * - `defaults` — a plain object merged into a call's data; its keys, at every depth the closure walks, must be declared.
 * - `notes` — a string (line breaks allowed): longer guidance shown by help.
 * - `related` — an array of strings: related actions or tools, shown by help.
 * - `examples` — an array of plain objects: example `data`, shown by help.
 *
 * Property schemas are JSON Schema draft 2020-12 in a closed vocabulary
 * (`src/validation/json-schema/vocabulary.ts`): the call gate interprets
 * every keyword it admits, so each schema must be valid against the 2020-12
 * meta-schema (an offence per problem, at its keyword), nest at most 300
 * subschemas deep and form a tree. Refused, each with its fix: `$dynamicRef`,
 * `$dynamicAnchor`, `$id` (a property's references stay inside it: `$ref`
 * to `#`, `#/$defs/…`, any pointer or `$anchor` of the property itself),
 * the tuple form of `items` (write `prefixItems`), the keywords of earlier
 * drafts (`additionalItems`, `dependencies`, `$recursiveRef`), a `$ref` to
 * a place the closure closes, and unknown keywords (an annotation for
 * another tool is written with an `x-` prefix). Formats are asserted where
 * the validator knows them; `idn-*`, `iri`, `iri-reference` and unknown
 * formats are annotations, not checked. The key-set walk reads
 * `properties`, a single-schema `items` (or a boolean) and an
 * `additionalProperties` that is a boolean or a schema object.
 *
 * **The closure** — which keys a call's data may carry: at the top level,
 * only the action's `properties`; below it, a schema with `properties` admits
 * only its declared names unless `additionalProperties` is `true` (anything)
 * or a schema (extra keys, their values walked against it);
 * `additionalProperties: false` closes a place even without `properties`; a
 * place with neither is open; a single-schema `items` applies to every
 * element of an array. A nested `required` naming a key its closed place
 * refuses is an offence. `defaults` obey the closure and their property
 * schemas; `examples` are checked like a call's data.
 *
 * Decisions where the design is silent: an empty `description` is allowed
 * (it is a string without a line break); an optional key written as
 * `undefined` counts as absent; a schema object shared by several places is
 * walked, and its offences named, at each place (a walk over more than
 * 1,000,000 objects is a `too_large` offence rather than a hang); a getter
 * or Proxy trap that throws while being read is an `unreadable` offence,
 * never an unrelated exception. An object's keys are its own enumerable
 * string keys — what `Object.keys`, JSON, help, `tools/list` and the gate
 * read — so a symbol key (`symbol_key`) or a non-enumerable own key
 * (`non_enumerable_key`) is an offence wherever validation reads: the action
 * record (such an action is never listed, validated or served), an action
 * schema, a property map, every schema the walk visits and everything inside
 * a property schema's other keywords, which the meta-schema check reads
 * (`anyOf` branches, `$defs`, `enum` entries…), defaults and examples.
 * `defaults` and `examples` are JSON data, what a caller could send: plain
 * objects, arrays without holes, strings, finite numbers, booleans and
 * `null`, held in enumerable data properties; a class instance, an object
 * literal's `__proto__: { … }` (which sets a prototype, not a key), a Map, a
 * Date, `undefined`, `NaN`, a getter or a hole anywhere inside one is an
 * offence. A property schema is JSON too, since help and `tools/list`
 * publish it as JSON: such a value inside one is an `invalid_schema` offence
 * (a getter there is read once, by the meta-schema check; a schema object
 * the walk reads that is not plain is a `wrong_type` offence). A hole in
 * `required`, `requiredOneOf`, `related` or `examples` is a wrong-typed
 * entry (`entry 0 is a hole`; one offence per run of holes). Every offence
 * is one line: text the author chose — a symbol's description, a thrown
 * message, a class name — has its line breaks escaped (a line feed is
 * printed as `\n`).
 *
 * ## When schemas are validated
 *
 * 1. **Build** — the bundler plugins (`wymcp/vite`, `wymcp/rollup`, …), the
 *    `tsc` transformer and `wymcp check` evaluate every `defineTool(...)` and
 *    fail with every offence at its source position.
 * 2. **Registration** — `createRouter` and registering a tool on a live
 *    server run the callback-surface check and `validate`; a bad tool fails
 *    there, never at its first request.
 *    Property schemas are checked against the meta-schema and compiled here,
 *    once; defaults, examples and an `outputSchema` are checked too.
 * 3. **Obtaining** — every `tools/call` and every help answer checks the
 *    mandatory pair (`description`, `properties`) of exactly the schemas it
 *    obtained (`fetchSchema`, `fetchSchemas`).
 * 4. **Every call** — the gate checks the call's data (keys at every depth of
 *    the closure, `required`, `requiredOneOf`, every value against its
 *    property schema); every result of a tool with an `outputSchema` is
 *    checked before it is sent.
 *
 * `defineTool` itself does not validate.
 *
 * @module
 */
import type { ActionsArgument } from "./contract/action-check.js";
import { readOnce } from "./util/read-once.js";
import { describeType } from "./util/inspect.js";
import type { ActionData } from "./contract/infer.js";
import type { ToolParts } from "./contract/tool-parts.js";
import type { TraceContext } from "./contract/trace-context.js";
import type {
  AskOptions,
  ClientLog,
  ElicitationRequest,
  ElicitationResult,
  ProgressReporter,
  RootsResult,
  SamplingRequest,
  SamplingResult,
} from "./contract/client-channel.js";
import type { ActionSchema, ActionSchemaKey, MandatoryActionSchemaKey } from "./contract/vocabulary.js";

export type { ActionSchema, ActionSchemaKey, MandatoryActionSchemaKey } from "./contract/vocabulary.js";

export type { ActionData, InferSchema } from "./contract/infer.js";
export type * from "./contract/tool-parts.js";

const ACTION_SCHEMA_KEYS = [
  "description",
  "properties",
  "required",
  "requiredOneOf",
  "defaults",
  "notes",
  "related",
  "examples",
] as const satisfies readonly ActionSchemaKey[];
const MANDATORY_ACTION_SCHEMA_KEYS = ["description", "properties"] as const satisfies readonly MandatoryActionSchemaKey[];

// The lists name every key of the ActionSchema type: a key added to one and not the other fails to compile.
type Missing<List extends readonly string[], Keys extends string> = Exclude<Keys, List[number]>;
const EVERY_KEY_LISTED: [
  Missing<typeof ACTION_SCHEMA_KEYS, ActionSchemaKey>,
  Missing<typeof MANDATORY_ACTION_SCHEMA_KEYS, MandatoryActionSchemaKey>,
] extends [never, never]
  ? true
  : false = true;
// eslint-disable-next-line @typescript-eslint/no-meaningless-void-operator -- uses the compile-time check above
void EVERY_KEY_LISTED;

/**
 * The action-schema vocabulary, in catalogue order — the one code home of
 * the key list; read it at each use.
 *
 * @example
 * ```ts
 * actionSchemaKeys(); // ["description", "properties", "required", …]
 * ```
 */
export function actionSchemaKeys(): ActionSchemaKey[] {
  return [...ACTION_SCHEMA_KEYS];
}

/**
 * The mandatory pair: `["description", "properties"]`.
 *
 * @example
 * ```ts
 * mandatoryActionSchemaKeys().includes("properties"); // true
 * ```
 */
export function mandatoryActionSchemaKeys(): MandatoryActionSchemaKey[] {
  return [...MANDATORY_ACTION_SCHEMA_KEYS];
}

/** A tool's actions: action name → action schema. */
export type ActionRecord = Readonly<Record<string, ActionSchema>>;

/**
 * What a handler learns about the call besides its data, and how it talks
 * to the client while it runs. One shape on both protocol eras; what differs
 * is how a question (`sample`, `elicit`, `listRoots`) reaches the client:
 *
 * - **2025-11-25** (stdio, stateful HTTP): a request to the client, answered
 *   while the handler waits. Stateless HTTP cannot receive the reply: the
 *   question rejects at once with a `needs_session` ToolError.
 * - **2026-07-28**: a multi-round-trip request. The call answers
 *   `input_required` with every question the handler is waiting on, the
 *   client retries the call with the answers, and the handler is **run
 *   again from the start**: each question it asked before resolves at once
 *   with its recorded answer (carried, sealed, in the `requestState`), until
 *   it finishes. Work before a question therefore runs once per round: ask
 *   first, or keep that work idempotent. Questions asked together
 *   (`Promise.all`) travel in one round.
 *
 * Either way a question the client did not declare the capability for
 * rejects with a `client_unsupported` ToolError the handler may catch (on
 * 2026-07-28, one it lets escape is answered as the spec's -32021).
 *
 * @example
 * ```ts
 * async summarize(data, { log, progress, sample, signal }) {
 *   await log.info("summarizing");
 *   await progress?.(0, 1);
 *   const reply = await sample({ messages: [{ role: "user", content: { type: "text", text: data.text } }], maxTokens: 200 });
 *   if (signal.aborted) return;
 *   return reply.content;
 * }
 * ```
 */
export interface HandlerContext {
  readonly tool: string;
  readonly action: string;
  /**
   * Aborted when the client cancels the request (`notifications/cancelled`, a closed stream) or the transport
   * closes, and on 2026-07-28 when the call answers `input_required` (this run of the handler is over).
   */
  readonly signal: AbortSignal;
  /** Transport-specific request details (the SDK's request `extra` under `wymcp/mcp`). */
  readonly request?: unknown;
  /** Log messages to the client (`notifications/message`), filtered by the level it set; silent without a client. */
  readonly log: ClientLog;
  /** Progress notifications: present only when the client sent a progress token with this call. */
  readonly progress?: ProgressReporter;
  /**
   * The W3C trace context (`traceparent`, `tracestate`, `baggage`) the client sent in the call's `_meta`, on either
   * protocol era: present only when it sent one; a malformed one is refused before the handler runs.
   */
  readonly trace?: TraceContext;
  /** Asks the client's model for a completion (`sampling/createMessage`); rejects at once when no client can answer. */
  readonly sample: (request: SamplingRequest, options?: AskOptions) => Promise<SamplingResult>;
  /** Asks the user for input (`elicitation/create`); rejects at once when no client can answer. */
  readonly elicit: (request: ElicitationRequest, options?: AskOptions) => Promise<ElicitationResult>;
  /** Asks the client for its roots (`roots/list`); rejects at once when no client can answer. */
  readonly listRoots: (options?: AskOptions) => Promise<RootsResult>;
}

/** A handler: receives the gated data (defaults merged) and returns the result. */
export type Handler<S = ActionSchema> = {
  // A method, not a property, so a Tool with precise data types stays assignable to Tool.
  bivariant(data: ActionData<S>, context: HandlerContext): unknown;
}["bivariant"];

/** One handler per action. */
export type Handlers<A> = { readonly [K in keyof A]: Handler<A[K]> };

/** What `defineTool` returns. */
export interface Tool<A extends ActionRecord = ActionRecord> extends ToolParts {
  readonly name: string;
  readonly description: string;
  /** The action-schema record; read it only through `fetchSchema`/`fetchSchemas`/`actionNames`. */
  readonly actions: () => A;
  readonly handlers: Handlers<A>;
}

/**
 * What `defineTool` takes: the actions as an object or a function returning
 * one. `A` is the action record as written; a malformed action is flagged at
 * its own line without touching inference (see `ActionsArgument`).
 */
export interface ToolDefinition<A extends object> extends ToolParts {
  readonly name: string;
  readonly description: string;
  readonly actions: ActionsArgument<A>;
  readonly handlers: Handlers<NoInfer<A>>;
}

/**
 * Declares a tool. Cheap and non-validating: validation happens at the
 * moments listed in "When schemas are validated". An object `actions` is
 * read once (each accessor called once) into a deep-frozen copy, so what
 * registration checks is what is listed, helped and gated, and obtaining
 * can cache its verdict safely. A function `actions` is called once per
 * entry point (registration, each `tools/call`, each help answer); each
 * call's schema is read once and that reading is what the call checks and
 * hands the handler. On every reading the gate re-checks the mandatory pair
 * (`description`, `properties`, at every depth the walk reads) and the
 * call's data; `defaults`, `examples` and the listing are checked on the
 * registration reading alone — the router's contract is that `actions()`
 * returns the same declaration every time.
 *
 * @example
 * ```ts
 * const tasks = defineTool({
 *   name: "tasks",
 *   description: "Task management",
 *   actions: {
 *     create: {
 *       description: "Create a task",
 *       properties: { name: { type: "string" } },
 *       required: ["name"],
 *     },
 *   },
 *   handlers: { create: async (data) => ({ id: 1, name: data.name }) },
 * });
 * ```
 */
export function defineTool<const A extends object>(definition: ToolDefinition<A>): Tool<A extends ActionRecord ? A : ActionRecord>;
// `A` is inferred under the loose constraint `object`, so a malformed action cannot collapse the record
// to its constraint (and every handler's data to `unknown`); the implementation sees a well-formed record.
export function defineTool(definition: ToolDefinition<ActionRecord>): Tool {
  // Untyped callers (JavaScript, `as any`) get the fix, not a destructuring error.
  if (typeof (definition as unknown) !== "object" || (definition as unknown) === null)
    throw new TypeError(
      `defineTool takes the tool's definition, an object, and was given ${describeType(definition)}. ` +
        "Fix: call defineTool({ name, description, actions, handlers }).",
    );
  const { actions } = definition;
  if (typeof actions === "function") return { ...definition, actions };
  // Read once into plain frozen data: what registration checks is what is listed, helped and gated.
  const declared = readOnce(actions, { freeze: true });
  return { ...definition, actions: () => declared };
}
