/**
 * The supporting types of the Tool contract: property schemas and the
 * optional parts of a tool (title, icons, annotations, output schema, hints, error
 * handling, action context).
 */
import type { ToolError } from "./tool-error.js";

/** A JSON Schema type name. */
export type JsonTypeName = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";

/**
 * A JSON Schema object describing one property. wymcp walks `properties`,
 * a single-schema `items` and a schema `additionalProperties`; every other
 * keyword is passed through untouched.
 */
export interface PropertySchema {
  readonly type?: JsonTypeName | readonly JsonTypeName[];
  readonly description?: string;
  readonly properties?: PropertyMap;
  readonly items?: PropertySchema | boolean | readonly PropertySchema[];
  readonly additionalProperties?: boolean | PropertySchema;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly [keyword: string]: unknown;
}

/** Property name → property schema. */
export type PropertyMap = Readonly<Record<string, PropertySchema>>;

/** MCP tool annotations (hints about behaviour, never guarantees). */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/**
 * An icon clients may show for a tool (MCP `Icon`): the image's address
 * (`https:`/`http:`) or a `data:image/…` URI, checked at registration.
 */
export interface ToolIcon {
  readonly src: string;
  /** The image's media type, such as `image/png`. */
  readonly mimeType?: string;
  /** The sizes it is drawn at, such as `["48x48"]`, or `["any"]` for a scalable one. */
  readonly sizes?: readonly string[];
  /** The background it is drawn for. */
  readonly theme?: "light" | "dark";
}

/** The JSON Schema of a tool's structured results (MCP requires an object root). */
export interface OutputSchema {
  readonly type: "object";
  readonly properties?: PropertyMap;
  readonly required?: readonly string[];
  readonly [keyword: string]: unknown;
}

/**
 * Extra guidance added to error answers, keyed by error code (a gate code
 * such as `unknown_key`, or a `ToolError` code such as `not_found`); `"*"`
 * applies to every error of the tool.
 */
export type ToolHints = Readonly<Record<string, string>>;

/** What help's action level adds: static text, or text per action. */
export type ActionContext = string | ((action: string) => string | undefined);

/** Turns an error a handler threw into a `ToolError`; `undefined` keeps the default answer. */
export type ErrorHandler = (error: unknown, call: { readonly action: string; readonly data: unknown }) => ToolError | undefined;

/** The optional parts every tool may declare. */
export interface ToolParts {
  /** A human-readable title for clients' interfaces. */
  readonly title?: string;
  /**
   * Icons clients may show for the tool, listed as given.
   *
   * @example
   * ```ts
   * icons: [{ src: "https://example.com/tasks.svg", mimeType: "image/svg+xml", sizes: ["any"] }]
   * ```
   */
  readonly icons?: readonly ToolIcon[];
  /** Hints about the tool's behaviour (MCP's annotations, never guarantees); a key MCP does not define is refused. */
  readonly annotations?: ToolAnnotations;
  /** Declared: results are also sent as `structuredContent`. */
  readonly outputSchema?: OutputSchema;
  readonly hints?: ToolHints;
  readonly handleError?: ErrorHandler;
  readonly actionContext?: ActionContext;
  /**
   * A single-action tool listed flat: its one action's data schema is the
   * tool's `inputSchema` (closed, as the gate closes it) and a call's
   * arguments are that data, without the `{ action, data }` wrapper. The
   * gate, help and every build and registration check apply as to any
   * tool; a flat tool with other than exactly one action is an offence
   * (`flat_tool`).
   *
   * @example
   * ```ts
   * defineTool({ name: "add", description: "Add two numbers", flat: true,
   *   actions: { add: { description: "Add", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
   *   handlers: { add: ({ a, b }) => a + b } });
   * // tools/call { name: "add", arguments: { a: 1, b: 2 } }
   * ```
   */
  readonly flat?: boolean;
}
