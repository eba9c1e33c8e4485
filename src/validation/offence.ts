/**
 * Offences are data first: where (action, path, key, location), what
 * (code, problem) and how to fix it. Text is made from them once, at the edge
 * (see `format.ts`).
 */

/** One segment of a path: an object key or an array index. */
export type PathSegment = string | number;

/**
 * The closed set of offence codes. `kind: "default"` offences — the data an
 * author wrote (defaults and examples), checked like a call's data once the
 * shape is sound — carry `undeclared_default`, `invalid_default` or
 * `invalid_example`; every other code is a shape offence. `symbol_key` and
 * `non_enumerable_key` name an own key that is not a key: an object's keys
 * are its own enumerable string keys, the only ones JSON, help and the gate
 * see.
 */
export type OffenceCode =
  | "actions_not_function"
  | "actions_threw"
  | "actions_not_object"
  | "invalid_action_name"
  | "schema_not_object"
  | "unknown_key"
  | "missing_key"
  | "wrong_type"
  | "line_break"
  | "duplicate_entry"
  | "undeclared_name"
  | "empty_group"
  | "duplicate_group"
  | "superset_group"
  | "symbol_key"
  | "non_enumerable_key"
  | "cycle"
  | "too_large"
  | "unreadable"
  | "undeclared_default"
  | "invalid_schema"
  | "unsatisfiable_required"
  | "invalid_default"
  | "invalid_example"
  | "flat_tool"
  // What registration checks beside the action schemas, as the build reports it (`callbackSurfaceOffences`).
  | "invalid_tool_name"
  | "missing_handler"
  | "handler_without_action";

/** Shape offences come first; defaults are checked only once an action has none. */
export type OffenceKind = "shape" | "default";

/**
 * One thing wrong with a tool's action declarations.
 *
 * @example
 * ```ts
 * {
 *   action: "create",
 *   path: ["properties", "o"],
 *   key: "items",
 *   location: 'actions["create"].properties["o"]',
 *   problem: '"items" is a string',
 *   fix: 'write a schema object such as { type: "string" }, or an array of schemas.',
 *   kind: "shape",
 *   code: "wrong_type",
 * }
 * ```
 */
export interface Offence {
  /** The action whose schema holds the offence; `null` for the action record itself (or a key-set check run on its own). */
  readonly action: string | null;
  /** Path of the holding object from the action schema (`[]` is the schema itself). */
  readonly path: readonly PathSegment[];
  /** The offending key or entry inside the holding object, when there is one. */
  readonly key?: string;
  /** The array index of the offending entry, when it sits in an array. */
  readonly index?: number;
  /** The holding object as a JavaScript access expression from the tool's `actions`. */
  readonly location: string;
  /** What is wrong, without a trailing period. */
  readonly problem: string;
  /** How to fix it: a sentence ending with a period. */
  readonly fix: string;
  readonly kind: OffenceKind;
  readonly code: OffenceCode;
}

/** What a validator reports; `location` is derived from action and path. */
export type OffenceInput = Omit<Offence, "location" | "kind"> & { readonly kind?: OffenceKind };

/** Builds an offence, spelling its location. */
export function offence(input: OffenceInput): Offence {
  const { action, path, key, index } = input;
  return {
    action,
    path,
    ...(key === undefined ? {} : { key }),
    ...(index === undefined ? {} : { index }),
    location: locationOf(action, path),
    problem: input.problem,
    fix: input.fix,
    kind: input.kind ?? "shape",
    code: input.code,
  };
}

/**
 * Spells a location: `actions`, then the action name in bracket form, the
 * first segment (a vocabulary key) in dot form, every later segment in
 * bracket form with JSON quoting — `actions["create"].properties["o"]["items"]`.
 */
export function locationOf(action: string | null, path: readonly PathSegment[]): string {
  // Without an action, a record-level offence sits at `actions`; a key-set offence (from
  // `schemaOffences` called on its own) is spelled from its first segment: `properties["o"]`.
  if (action === null && path.length === 0) return "actions";
  // A hostile caller may pass anything as the action: only a string is spelled, anything else is named by its type.
  let text = action === null ? "" : `actions[${typeof action === "string" ? quoted(action) : `<${typeof action}>`}]`;
  path.forEach((segment, position) => {
    if (position === 0 && typeof segment === "string") text += action === null ? segment : `.${segment}`;
    else text += bracket(segment);
  });
  return text;
}

/** A data path: `data["opts"]["tags"][2]`. */
export function dataPathOf(path: readonly PathSegment[], root = "data"): string {
  let text = root;
  for (const segment of path) text += bracket(segment);
  return text;
}

function bracket(segment: PathSegment): string {
  return typeof segment === "number" ? `[${segment}]` : `[${quoted(segment)}]`;
}

/**
 * A name in JSON quotes, its characters beyond ASCII escaped when it is not
 * in Unicode's composed form (NFC): "café" typed two ways are two names, and
 * would print identically.
 */
function quoted(name: string): string {
  const text = JSON.stringify(name);
  return name === name.normalize("NFC")
    ? text
    : text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const KIND_RANK: Record<OffenceKind, number> = { shape: 0, default: 1 };

/**
 * The order of an error's lines: shape before default offences, then by
 * action, then by location segment by segment (a holder before what it
 * holds, indices numerically), then by the offending key or index.
 */
export function compareOffences(a: Offence, b: Offence): number {
  return (
    KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
    compareNullable(a.action, b.action) ||
    comparePaths(a.path, b.path) ||
    compareNullable(a.key ?? null, b.key ?? null) ||
    (a.index ?? -1) - (b.index ?? -1)
  );
}

/** Segment-by-segment path order; a prefix comes first. */
export function comparePaths(a: readonly PathSegment[], b: readonly PathSegment[]): number {
  const shared = Math.min(a.length, b.length);
  for (let position = 0; position < shared; position++) {
    const order = compareSegments(a[position]!, b[position]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** One segment against another: indices numerically and before names, names by code unit. */
export function compareSegments(a: PathSegment, b: PathSegment): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
