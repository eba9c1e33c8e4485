/**
 * wymcp — multi-action MCP tools whose action schemas are validated at build
 * time, at registration and whenever a schema is obtained.
 *
 * This module is the whole public surface of the runtime entry `wymcp`. It
 * depends on one package, the JSON Schema validator `@cfworker/json-schema`
 * (no code generation): the MCP SDK binding lives in `wymcp/mcp`, the build
 * plugins in `wymcp/vite`, `wymcp/rollup`, … and `wymcp/transformer`.
 *
 * @module
 */
export {
  actionSchemaKeys,
  mandatoryActionSchemaKeys,
  defineTool,
  callbackSurfaceOffences,
  checkCallbackSurface,
  CallbackSurfaceError,
  type ActionSchema,
  type ActionSchemaKey,
  type MandatoryActionSchemaKey,
  type ActionRecord,
  type ActionData,
  type InferSchema,
  type Handler,
  type Handlers,
  type HandlerContext,
  type Tool,
  type ToolDefinition,
  type SurfaceOffence,
} from "./tool.js";
export type {
  ActionContext,
  ErrorHandler,
  JsonTypeName,
  OutputSchema,
  PropertyMap,
  PropertySchema,
  ToolAnnotations,
  ToolHints,
  ToolParts,
} from "./tool-parts.js";
export {
  actionNames,
  actionSchemaOffences,
  checkMandatoryKeys,
  fetchSchema,
  fetchSchemas,
  validate,
  type CheckedActionSchema,
  type FetchedSchema,
} from "./action-schema.js";
export { schemaOffences, defaultOffences } from "./key-set.js";
export { closureViolations, type Closure, type Violation } from "./closure.js";
export { ActionSchemaError } from "./errors.js";
export { formatOffences, offenceLine } from "./format.js";
export { dataPathOf, locationOf, type Offence, type OffenceCode, type OffenceKind, type PathSegment } from "./offence.js";
export { ToolError } from "./tool-error.js";
export { createRouter, type Router, type RouterOptions } from "./router.js";
export { ToolRegistrationError, checkRegistration, type DuplicateNameOffence, type RegistrationOffence } from "./registration.js";
export { toolListing, type CompactInputSchema, type ToolListing } from "./listing.js";
export { dispatch, type CallContext } from "./dispatch.js";
export { answerHelp, helpListing, type ToolLookup } from "./help.js";
export { dataProblems, type DataProblem } from "./gate.js";
export { mergeDefaults } from "./merge.js";
export {
  helpPointer,
  type ActionSummary,
  type AnswerCode,
  type ErrorReport,
  type OffenceReport,
  type Problem,
  type TextContent,
  type ToolAnswer,
} from "./answer.js";
export { HELP_TOOL_NAME } from "./callback-surface.js";
