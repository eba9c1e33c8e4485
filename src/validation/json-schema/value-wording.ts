/**
 * What a value's schema failure says to a reader: one sentence of what is
 * wrong and one of what to send instead, made from the failing keyword and
 * its rule. One wording for every place a value is checked — a call's data,
 * a default, an example, a handler's result.
 */
import type { SchemaFailure } from "./validator.js";
import { preview } from "./meta-schema.js";

/** A failure as text: what is wrong (no trailing period) and how to fix it (a sentence). */
export interface Wording {
  readonly problem: string;
  readonly fix: string;
}

type Worder = (rule: unknown, value: unknown) => Wording;

const list = (rule: unknown, limit = 10): string => {
  const values = Array.isArray(rule) ? rule : [rule];
  const shown = values.slice(0, limit).map((value) => (JSON.stringify(value) as string | undefined) ?? String(value));
  return values.length > limit ? `${shown.join(", ")}, …` : shown.join(", ");
};
const article = (name: string): string => (name === "null" ? "null" : /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`);
const types = (rule: unknown): string => (Array.isArray(rule) ? rule : [rule]).map((name) => article(String(name))).join(" or ");
/** A string's length in code points, as minLength and maxLength count it. */
const length = (value: unknown): number => (typeof value === "string" ? Array.from(value).length : 0);
/** `1 key`, `2 keys`. */
const plural = (count: unknown, noun: string): string => `${String(count)} ${noun}${count === 1 ? "" : "s"}`;
const count = (value: unknown): number =>
  Array.isArray(value) ? value.length : typeof value === "object" && value !== null ? Object.keys(value).length : 0;

/** Wording by keyword; a keyword without one is worded from the validator's own sentence. */
const WORDERS: Readonly<Record<string, Worder>> = {
  type: (rule, value) => ({ problem: `is ${describeJson(value)}, not ${types(rule)}`, fix: `send ${types(rule)}.` }),
  enum: (rule, value) => ({ problem: `is ${preview(value)}, not one of the allowed values`, fix: `send one of ${list(rule)}.` }),
  const: (rule, value) => ({ problem: `is ${preview(value)}, not the one allowed value`, fix: `send ${list(rule)}.` }),
  minimum: (rule, value) => ({
    problem: `is ${preview(value)}, below the minimum ${String(rule)}`,
    fix: `send a number of at least ${String(rule)}.`,
  }),
  maximum: (rule, value) => ({
    problem: `is ${preview(value)}, above the maximum ${String(rule)}`,
    fix: `send a number of at most ${String(rule)}.`,
  }),
  exclusiveMinimum: (rule, value) => ({
    problem: `is ${preview(value)}, not above ${String(rule)}`,
    fix: `send a number greater than ${String(rule)}.`,
  }),
  exclusiveMaximum: (rule, value) => ({
    problem: `is ${preview(value)}, not below ${String(rule)}`,
    fix: `send a number less than ${String(rule)}.`,
  }),
  multipleOf: (rule, value) => ({
    problem: `is ${preview(value)}, not a multiple of ${String(rule)}`,
    fix: `send a multiple of ${String(rule)}.`,
  }),
  minLength: (rule, value) => ({
    problem: `has ${plural(length(value), "character")}, fewer than ${String(rule)}`,
    fix: `send a string of at least ${plural(rule, "character")}.`,
  }),
  maxLength: (rule, value) => ({
    problem: `has ${plural(length(value), "character")}, more than ${String(rule)}`,
    fix: `send a string of at most ${plural(rule, "character")}.`,
  }),
  pattern: (rule, value) => ({
    problem: `is ${preview(value)}, which does not match /${String(rule)}/`,
    fix: `send a string matching /${String(rule)}/.`,
  }),
  format: (rule, value) => ({
    problem: `is ${preview(value)}, not a valid ${String(rule)}`,
    fix: `send a valid ${String(rule)}${formatExample(rule)}.`,
  }),
  minItems: (rule, value) => ({
    problem: `has ${plural(count(value), "item")}, fewer than ${String(rule)}`,
    fix: `send at least ${plural(rule, "item")}.`,
  }),
  maxItems: (rule, value) => ({
    problem: `has ${plural(count(value), "item")}, more than ${String(rule)}`,
    fix: `send at most ${plural(rule, "item")}.`,
  }),
  uniqueItems: () => ({ problem: "has an item listed twice", fix: "send each item once." }),
  contains: () => ({ problem: "has no item of the required kind", fix: "add an item that matches the schema's contains." }),
  minContains: (rule) => ({
    problem: `has fewer than ${plural(rule, "item")} of the required kind`,
    fix: `send at least ${plural(rule, "item")} that match contains.`,
  }),
  maxContains: (rule) => ({
    problem: `has more than ${plural(rule, "item")} of the required kind`,
    fix: `send at most ${plural(rule, "item")} that match contains.`,
  }),
  minProperties: (rule, value) => ({
    problem: `has ${plural(count(value), "key")}, fewer than ${String(rule)}`,
    fix: `send at least ${plural(rule, "key")}.`,
  }),
  maxProperties: (rule, value) => ({
    problem: `has ${plural(count(value), "key")}, more than ${String(rule)}`,
    fix: `send at most ${plural(rule, "key")}.`,
  }),
  anyOf: (rule) => ({ problem: "matches none of the allowed forms", fix: `send ${alternatives(rule)}.` }),
  oneOf: (rule) => ({ problem: "does not match exactly one of the allowed forms", fix: `send exactly one of ${alternatives(rule)}.` }),
  not: () => ({ problem: "has a form the schema rules out (not)", fix: "send a value of another form." }),
  false: () => ({ problem: "is not allowed here", fix: "remove it." }),
  propertyNames: () => ({
    problem: "has a key whose name the schema rules out",
    fix: "rename the key to one the schema's propertyNames allows.",
  }),
};

/**
 * The wording of one failure.
 *
 * @example
 * ```ts
 * wordFailure({ path: ["due"], keyword: "type", rule: "string", value: 5, message: "…" });
 * // { problem: "is a number, not a string", fix: "send a string." }
 * ```
 */
export function wordFailure(failure: SchemaFailure): Wording {
  const worder = Object.hasOwn(WORDERS, failure.keyword) ? WORDERS[failure.keyword] : undefined;
  if (worder !== undefined && (failure.rule !== undefined || failure.keyword === "uniqueItems" || failure.keyword === "not"))
    return worder(failure.rule, failure.value);
  const sentence = failure.message.replace(/^Instance /, "").replace(/\.$/, "");
  return { problem: sentence.charAt(0).toLowerCase() + sentence.slice(1), fix: "send a value its schema allows (see schema)." };
}

/** The JSON type of a value, as JSON Schema names it. */
function describeJson(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return `a number (${value})`;
  if (typeof value === "string") return `a string (${preview(value)})`;
  if (typeof value === "boolean") return `a boolean (${String(value)})`;
  return typeof value === "object" ? "an object" : typeof value;
}

/** The branches of an `anyOf`/`oneOf`, each said by its type, constant or values when it has one. */
function alternatives(rule: unknown): string {
  if (!Array.isArray(rule)) return "a value of one of the allowed forms";
  const said = rule.map((branch: unknown) => {
    if (typeof branch !== "object" || branch === null) return String(branch);
    const schema = branch as Record<string, unknown>;
    if (Object.hasOwn(schema, "const")) return JSON.stringify(schema["const"]);
    if (Array.isArray(schema["enum"])) return `one of ${list(schema["enum"])}`;
    if (schema["type"] !== undefined) return types(schema["type"]);
    return "a value matching its schema";
  });
  return said.join(", or ");
}

const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  date: "2026-12-01",
  "date-time": "2026-12-01T09:30:00Z",
  time: "09:30:00Z",
  email: "ada@example.com",
  uri: "https://example.com/path",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  ipv4: "192.0.2.1",
};

function formatExample(rule: unknown): string {
  const example = typeof rule === "string" && Object.hasOwn(FORMAT_EXAMPLES, rule) ? FORMAT_EXAMPLES[rule] : undefined;
  return example === undefined ? "" : ` such as ${JSON.stringify(example)}`;
}
