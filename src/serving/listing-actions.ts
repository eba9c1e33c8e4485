/**
 * The listings of a tool in a mode that carries data schemas (`complete`,
 * `strict`, `gemini`): one MCP tool per action, named `<tool>_<action>`,
 * whose `inputSchema` is that action's data, closed as the gate closes it.
 * A call to `tasks_create` is the call `tasks {action: "create", data}`.
 *
 * Why one tool per action and not one tool with `data` as an `anyOf` of
 * every action's schema: a union under `data` cannot tie a branch to the
 * chosen action (OpenAI's strict mode refuses a union at the root, where the
 * tie would have to be), and LangChain's MCP adapter merges the branches of
 * such a union into one object, dropping each action's closure and its
 * strict form (BENCHMARKS.md, "Listings for models", has the evidence and
 * the sizes). A flat object per action passes every provider helper and
 * framework conversion unchanged.
 */
import type { CheckedActionSchema } from "../validation/obtaining.js";
import { deepCopy } from "../util/deep-copy.js";
import { deepFreeze } from "../util/freeze.js";
import { defaultsOf, requiredOf, requiredOneOfOf } from "../validation/schema-read.js";
import { listedDataSchema, placeText, type DataListingMode, type ListedSchema, type SchemaPlace } from "./listing-schema.js";
import type { ToolListing } from "./listing.js";
import type { Tool } from "../tool.js";
import type { OutputSchema, ToolAnnotations, ToolIcon } from "../contract/tool-parts.js";

/** Between a tool's name and an action's in the name of an action's own listing. */
export const ACTION_TOOL_SEPARATOR = "_";

/**
 * The listed name of one action of a tool.
 *
 * @example
 * ```ts
 * actionToolName("tasks", "create"); // "tasks_create"
 * ```
 */
export function actionToolName(tool: string, action: string): string {
  return `${tool}${ACTION_TOOL_SEPARATOR}${action}`;
}

/**
 * One listing per action of `tool`, in action-name order, each frozen.
 *
 * @example
 * ```ts
 * actionListings(notes, schemas, "strict").map((listing) => listing.name);
 * // ["notes_add", "notes_delete", "notes_list", "notes_search"]
 * ```
 */
export function actionListings(
  tool: Tool,
  schemas: Readonly<Record<string, CheckedActionSchema>>,
  mode: DataListingMode,
): { readonly action: string; readonly listing: ToolListing }[] {
  return Object.keys(schemas)
    .sort()
    .map((action) => {
      const schema = schemas[action]!;
      const { schema: inputSchema, omitted } = actionInputSchema(schema, mode);
      const listing: ToolListing = {
        name: actionToolName(tool.name, action),
        ...(tool.title === undefined ? {} : { title: `${tool.title}: ${action}` }),
        description: actionDescription(schema, omitted),
        ...(tool.icons === undefined ? {} : { icons: deepCopy(tool.icons) as readonly ToolIcon[] }),
        inputSchema: inputSchema as ToolListing["inputSchema"],
        ...(tool.outputSchema === undefined ? {} : { outputSchema: deepCopy(tool.outputSchema) as OutputSchema }),
        ...(tool.annotations === undefined ? {} : { annotations: deepCopy(tool.annotations) as ToolAnnotations }),
      };
      deepFreeze(listing);
      return { action, listing };
    });
}

/**
 * An action's data schema as the root `inputSchema` of its listing, and the
 * data paths the mode cannot express (open maps, tuples, untyped values),
 * which the build lint reports.
 *
 * @example
 * ```ts
 * actionInputSchema(createSchema, "strict").omitted; // [{ path: ["properties"], key: "fields" }]
 * ```
 */
export function actionInputSchema(schema: CheckedActionSchema, mode: DataListingMode): ListedSchema {
  return listedDataSchema(schema.properties, requiredOf(schema), defaultsOf(schema), mode);
}

/**
 * The action's description (the title names the tool), the `requiredOneOf`
 * groups JSON Schema would need a union for, and what the mode left out.
 */
function actionDescription(schema: CheckedActionSchema, omitted: readonly SchemaPlace[]): string {
  const groups = requiredOneOfOf(schema);
  return [
    schema.description,
    groups.length === 0 ? "" : `Send one of: ${groups.map((group) => group.join(" + ")).join(" | ")}.`,
    omitted.length === 0 ? "" : `Not in this listing (see help): ${omitted.map(placeText).join(", ")}.`,
  ]
    .filter((line) => line !== "")
    .join("\n");
}
