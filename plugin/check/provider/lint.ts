/**
 * The provider lint: what a target would reject or silently drop in the
 * listing of one evaluated tool declaration, in the chosen listing mode.
 * Warnings are data — a code, the target, the offence-style place (action,
 * path from the action schema, key), a message and a fix — located like
 * offences (`locate.ts`). The listing itself comes from the
 * runtime's own code (`listedDataSchema`), so the lint reports exactly what
 * `tools/list` would serve.
 */
import type { PathSegment } from "../../../src/index.js";
import { actionToolName, type ListingMode, listedDataSchema, placeText, type SchemaPlace } from "../../../src/internal.js";
import { Unknown } from "../../evaluator/unknown.js";
import { PROVIDER_RULES, type ProviderTarget } from "./rules.js";

/** What a provider warning is about. */
export type ProviderLintCode =
  "invalid_tool_name" | "description_too_long" | "not_listed" | "not_enforced" | "open_data" | "dropped_keyword" | "too_many_tools";

/** One warning: where (as offences say it), for which target, what and how to fix it. */
export interface ProviderWarning {
  readonly code: ProviderLintCode;
  readonly target: ProviderTarget;
  /** The action, or `null` for the tool itself (`key` is then `"name"` or `"description"` of the definition). */
  readonly action: string | null;
  readonly path: readonly PathSegment[];
  readonly key?: string;
  readonly message: string;
  readonly fix: string;
}

/** The lint's settings: the targets and the listing mode the tools are served in. */
export interface ProviderLintOptions {
  readonly targets: readonly ProviderTarget[];
  readonly listing: ListingMode;
}

/** The parts of an evaluated declaration the lint reads. */
export interface LintedTool {
  readonly name: string | undefined;
  readonly definition: unknown;
  readonly record: unknown;
}

type Json = Record<string, unknown>;

/**
 * Every provider warning for one tool, target by target.
 *
 * @example
 * ```ts
 * providerWarnings({ name: "tasks.v2", definition, record }, { targets: ["openai"], listing: "compact" });
 * // [{ code: "invalid_tool_name", target: "openai", action: null, path: [], key: "name", … }]
 * ```
 */
export function providerWarnings(tool: LintedTool, options: ProviderLintOptions): ProviderWarning[] {
  const warnings: ProviderWarning[] = [];
  const record: Json = isObject(tool.record) ? (tool.record as Json) : {};
  const actions = Object.keys(record).sort();
  const description = isObject(tool.definition) ? (tool.definition as Json).description : undefined;
  for (const target of options.targets) {
    const rules = PROVIDER_RULES[target];
    const warn = (warning: Omit<ProviderWarning, "target">) => warnings.push({ target, ...warning });
    const checkName = (listed: string, action: string | null) => {
      if (rules.name.test(listed)) return;
      warn({
        code: "invalid_tool_name",
        action: null,
        path: [],
        key: action ?? "name",
        message: `${rules.label} refuses the tool name ${JSON.stringify(listed)}: it wants ${rules.nameRule}`,
        fix: action === null ? "rename the tool." : "rename the action (or the tool), or list this tool compact.",
      });
    };
    if (options.listing === "compact") {
      if (tool.name !== undefined) checkName(tool.name, null);
      if (typeof description === "string" && rules.descriptionLimit !== undefined && description.length > rules.descriptionLimit) {
        warn({
          code: "description_too_long",
          action: null,
          path: [],
          key: "description",
          message: `${rules.label} takes descriptions of at most ${rules.descriptionLimit} characters; this one has ${description.length}`,
          fix: "shorten it; put the details in the actions' notes, which help serves.",
        });
      }
      if (target === "gemini")
        warn({
          code: "open_data",
          action: null,
          path: [],
          key: "name",
          message:
            "the compact listing's data is an object without properties, which older Gemini models refuse, " +
            "and Gemini drops help's additionalProperties",
          fix: 'list with listing: "gemini" (or --listing gemini) for Gemini.',
        });
      continue;
    }
    for (const action of actions) {
      if (tool.name !== undefined) checkName(actionToolName(tool.name, action), action);
      const schema = record[action];
      if (!isObject(schema)) continue;
      const text = (schema as Json).description;
      if (typeof text === "string" && rules.descriptionLimit !== undefined && text.length > rules.descriptionLimit) {
        warn({
          code: "description_too_long",
          action,
          path: [],
          key: "description",
          message: `${rules.label} takes descriptions of at most ${rules.descriptionLimit} characters; this action's has ${text.length}`,
          fix: "shorten it; put the details in notes, which help serves.",
        });
      }
      warnings.push(...schemaWarnings(target, action, schema as Json, options.listing));
    }
  }
  return warnings;
}

/** The warnings about one action's data schema as the mode lists it, for one target. */
function schemaWarnings(target: ProviderTarget, action: string, schema: Json, listing: Exclude<ListingMode, "compact">): ProviderWarning[] {
  const rules = PROVIDER_RULES[target];
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === "string") : [];
  const defaults = isObject(schema.defaults) && !(schema.defaults instanceof Unknown) ? (schema.defaults as Json) : undefined;
  if (listing !== rules.listing) {
    // Gemini reads a complete or strict listing but drops additionalProperties (and reads no type arrays).
    if (target !== "gemini") return [];
    return [
      {
        code: "dropped_keyword",
        target,
        action,
        path: [],
        key: "properties",
        message: `Gemini drops additionalProperties and reads no type arrays: the ${listing} listing of this action reaches it open`,
        fix: 'list with listing: "gemini" for Gemini.',
      },
    ];
  }
  const listed = listedDataSchema(schema.properties, required, defaults, listing);
  const known = (place: SchemaPlace) =>
    !(valueAt(schema, [...place.path, place.key]) instanceof Unknown) && !hasUnknownOnPath(schema, place.path);
  const omitted = listed.omitted.filter(known);
  const under = (place: SchemaPlace) => omitted.some((gone) => startsWith(place.path, [...gone.path, gone.key]));
  return [
    ...omitted.map((place): ProviderWarning => ({
      code: "not_listed",
      target,
      action,
      path: place.path,
      key: place.key,
      message:
        `${rules.label}'s ${listing} schemas cannot express ${placeText(place)} ` +
        "(an object open to undeclared keys, a tuple, or a value without a type): " +
        "it is left out of the listing, so a model cannot send it",
      fix:
        "declare its properties and close it (an object in an anyOf or oneOf branch needs additionalProperties: false; " +
        "patternProperties cannot be listed), or list this tool compact so the model reads the schema through help.",
    })),
    // The strict listing is one for both strict providers: a keyword OpenAI would enforce is still moved
    // (Anthropic would not), and only the target that loses it is told.
    ...listed.moved
      .filter(known)
      .filter((place) => !under(place) && !rules.enforces.has(place.key))
      .map((place): ProviderWarning => ({
        code: "not_enforced",
        target,
        action,
        path: place.path,
        key: place.key,
        message:
          `${rules.label} does not enforce "${place.key}" in ${listing} schemas: it is moved into the description of ` +
          `${placeText({ path: place.path.slice(0, -1), key: String(place.path.at(-1) ?? "") })}, and the gate still checks it`,
        fix: "nothing to change if a refusal from the gate is acceptable; otherwise describe the rule so the model follows it.",
      })),
  ];
}

function valueAt(start: unknown, path: readonly PathSegment[]): unknown {
  let value = start;
  for (const segment of path) {
    if (!isObject(value) || value instanceof Unknown) return value;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
}

function hasUnknownOnPath(start: unknown, path: readonly PathSegment[]): boolean {
  let value = start;
  for (const segment of path) {
    if (value instanceof Unknown) return true;
    if (!isObject(value)) return false;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value instanceof Unknown;
}

function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => path[index] === segment);
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
