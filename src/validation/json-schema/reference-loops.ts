/**
 * References that loop: a `$ref` that leads back to the schema holding it
 * through keywords applied to the same value (`$ref`, `allOf`, `anyOf`,
 * `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), never entering
 * a part of the value. Checking a value against such a schema never ends —
 * the gate would run out of stack on every call, and any validator reading
 * the listing would too — so registration and the build refuse it. A
 * recursive shape that enters the value on the way (`items: { $ref: "#" }`)
 * is no loop.
 */
import { schemaArrayKeyword, schemaKeyword, schemaMapKeyword } from "@cfworker/json-schema";
import { localReferenceTarget, referenceAnchors } from "./reroot.js";

type Json = Record<string, unknown>;

/** The keywords that apply a subschema to the value itself, not to a part of it. */
const IN_PLACE_SINGLE = ["not", "if", "then", "else"] as const;
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"] as const;

/** A looping `$ref`: where it sits (its holder's keyword path from the property schema) and what it says. */
export interface ReferenceLoop {
  readonly holder: (string | number)[];
  readonly ref: string;
}

/**
 * Every `$ref` that closes a loop of in-place references (one per loop).
 *
 * @example
 * ```ts
 * referenceLoops({ anyOf: [{ type: "string" }, { $ref: "#" }] });
 * // [{ holder: ["anyOf", 1], ref: "#" }]
 * referenceLoops({ type: "array", items: { $ref: "#" } }); // []
 * ```
 */
export function referenceLoops(schema: unknown): ReferenceLoop[] {
  if (!isObject(schema)) return [];
  const anchors = referenceAnchors(schema);
  const state = new Map<object, "open" | "done">();
  const loops = new Map<string, ReferenceLoop>();
  // Depth-first over the in-place graph with an explicit stack, so a long chain never overflows; each frame keeps the
  // `$ref` that entered it, since a loop closes through at least one (schema objects themselves form a tree).
  interface Frame {
    readonly node: Json;
    readonly next: Iterator<Step>;
    readonly enteredBy: ReferenceLoop | undefined;
  }
  const stack: Frame[] = [];
  const start = (node: Json, holder: (string | number)[], enteredBy: ReferenceLoop | undefined) => {
    state.set(node, "open");
    stack.push({ node, next: inPlace(node, holder, schema, anchors), enteredBy });
  };
  // Every subschema may start a loop (a `$defs` entry reached only by reference too).
  for (const [root, holder] of everySubschema(schema, [])) {
    if (state.has(root)) continue;
    start(root, holder, undefined);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const step = frame.next.next();
      if (step.done === true) {
        state.set(frame.node, "done");
        stack.pop();
        continue;
      }
      const { target, at, via } = step.value;
      const seen = state.get(target);
      if (seen === undefined) start(target, at, via);
      else if (seen === "open") {
        // The loop runs from `target` up the stack to here: name its last reference.
        let closing = via;
        for (let index = stack.length - 1; closing === undefined && stack[index]!.node !== target; index--)
          closing = stack[index]!.enteredBy;
        if (closing !== undefined) loops.set(JSON.stringify(closing), closing);
      }
    }
  }
  return [...loops.values()];
}

/** One in-place step: the schema applied, its place, and the `$ref` (with its holder) when a reference leads there. */
interface Step {
  readonly target: Json;
  readonly at: (string | number)[];
  readonly via: ReferenceLoop | undefined;
}

/** The schemas applied in place to the value `node` is applied to. */
function* inPlace(node: Json, holder: (string | number)[], root: Json, anchors: ReadonlyMap<string, string>): Generator<Step> {
  const ref = node.$ref;
  if (typeof ref === "string") {
    const segments = localReferenceTarget(ref, anchors);
    const target = segments === undefined ? undefined : resolve(root, segments);
    if (segments !== undefined && target !== undefined) yield { target, at: segments, via: { holder, ref } };
  }
  for (const keyword of IN_PLACE_SINGLE) {
    const value = node[keyword];
    if (isObject(value)) yield { target: value, at: [...holder, keyword], via: undefined };
  }
  for (const keyword of IN_PLACE_LISTS) {
    const value = node[keyword];
    if (Array.isArray(value))
      for (const [index, entry] of value.entries())
        if (isObject(entry)) yield { target: entry, at: [...holder, keyword, index], via: undefined };
  }
  const dependent = node.dependentSchemas;
  if (isObject(dependent))
    for (const name of Object.keys(dependent)) {
      const entry = dependent[name];
      if (isObject(entry)) yield { target: entry, at: [...holder, "dependentSchemas", name], via: undefined };
    }
}

/** Every schema object in `node` with its keyword path, by the validator's own tables of the keywords holding subschemas. */
function* everySubschema(node: Json, holder: (string | number)[]): Generator<[Json, (string | number)[]]> {
  yield [node, holder];
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    if (schemaKeyword[keyword] === true && isObject(value)) yield* everySubschema(value, [...holder, keyword]);
    else if (schemaArrayKeyword[keyword] === true && Array.isArray(value)) {
      for (const [index, entry] of value.entries()) if (isObject(entry)) yield* everySubschema(entry, [...holder, keyword, index]);
    } else if (schemaMapKeyword[keyword] === true && isObject(value))
      for (const name of Object.keys(value)) {
        const entry = value[name];
        if (isObject(entry)) yield* everySubschema(entry, [...holder, keyword, name]);
      }
  }
}

/** The schema object at a JSON Pointer's segments, if one is there. */
function resolve(root: Json, segments: readonly (string | number)[]): Json | undefined {
  let node: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return isObject(node) ? node : undefined;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
