/**
 * The compact `tools/list` definition of a tool, built once at the
 * registration moment so `tools/list` obtains nothing at request time. The
 * input schema names the actions and leaves `data` open: each action's full
 * schema is one `help` call away, which keeps the listing small however many
 * actions a tool has. A flat tool lists its one action's data schema instead
 * (`flat-listing.ts`).
 */
import { fetchSchemas, type CheckedActionSchema } from "../validation/obtaining.js";
import { deepFreeze } from "../util/freeze.js";
import { deepCopy } from "../util/deep-copy.js";
import type { Tool } from "../tool.js";
import { flatInputSchema } from "./flat-listing.js";
import type { OutputSchema, ToolAnnotations, ToolIcon } from "../contract/tool-parts.js";

/** The input schema every wymcp tool lists: an action name and its data. */
export interface CompactInputSchema {
  readonly type: "object";
  readonly required: readonly ["action"];
  readonly properties: {
    readonly action: { readonly type: "string"; readonly enum: readonly string[]; readonly description: string };
    readonly data: { readonly type: "object" };
  };
}

/** One entry of `tools/list`, as the MCP `Tool` type spells it. */
export interface ToolListing {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: CompactInputSchema | { readonly type: "object"; readonly [keyword: string]: unknown };
  readonly icons?: readonly ToolIcon[];
  readonly outputSchema?: OutputSchema;
  readonly annotations?: ToolAnnotations;
}

/**
 * Builds a tool's listing, obtaining every schema through `fetchSchemas`
 * (so it throws `ActionSchemaError` for a malformed one). The result is a
 * frozen copy: nothing a client or the author does later changes it.
 *
 * @example
 * ```ts
 * toolListing(tasks).inputSchema.properties.action.enum; // ["close", "create", "list"]
 * ```
 */
export function toolListing(tool: Tool, checked?: Readonly<Record<string, CheckedActionSchema>>): ToolListing {
  // Registration hands over the schemas it obtained and checked: the listing shows exactly what was checked.
  const schemas = checked ?? fetchSchemas(tool);
  // Plain string order, as actionNames sorts: Object.keys would put index-like names first.
  const names = Object.keys(schemas).sort();
  const inputSchema: CompactInputSchema = {
    type: "object",
    required: ["action"],
    properties: {
      action: { type: "string", enum: names, description: names.map((name) => `${name}: ${schemas[name]!.description}`).join("\n") },
      data: { type: "object" },
    },
  };
  // Registration has checked that a flat tool declares exactly one action.
  const flat = tool.flat === true && names.length === 1 ? flatInputSchema(schemas[names[0]!]!) : undefined;
  const listing: ToolListing = {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    ...(tool.icons === undefined ? {} : { icons: deepCopy(tool.icons) as readonly ToolIcon[] }),
    inputSchema: flat ?? inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: deepCopy(tool.outputSchema) as OutputSchema }),
    ...(tool.annotations === undefined ? {} : { annotations: deepCopy(tool.annotations) as ToolAnnotations }),
  };
  deepFreeze(listing);
  return listing;
}
