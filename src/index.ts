/**
 * wymcp — multi-action MCP tools whose action schemas are validated at build
 * time, at registration and whenever a schema is obtained.
 *
 * This module is the whole public surface of the runtime entry `wymcp`
 * (pinned by test/public-api.test.ts); everything else in `src/` is internal.
 * It
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
} from "./tool.js";
export type {
  ActionContext,
  ErrorHandler,
  JsonTypeName,
  OutputSchema,
  PropertyMap,
  PropertySchema,
  ToolAnnotations,
  ToolIcon,
  ToolHints,
  ToolParts,
} from "./contract/tool-parts.js";
export { ToolError } from "./contract/tool-error.js";
export { audio, content, image, resource, resourceLink, text } from "./contract/content.js";
export type {
  AudioContent,
  ContentBlock,
  ContentResult,
  EmbeddedResource,
  ImageContent,
  ResourceContents,
  ResourceLink,
} from "./contract/content.js";
export type {
  AskOptions,
  ClientChannel,
  ClientLog,
  ClientRoot,
  ElicitationRequest,
  ElicitationResult,
  LogLevel,
  ProgressReporter,
  RootsResult,
  SamplingContent,
  SamplingRequest,
  SamplingResult,
} from "./contract/client-channel.js";
export type { TraceContext } from "./contract/trace-context.js";
export {
  actionNames,
  actionSchemaOffences,
  checkMandatoryKeys,
  fetchSchema,
  fetchSchemas,
  validate,
  type CheckedActionSchema,
  type FetchedSchema,
} from "./validation/obtaining.js";
export { schemaOffences, defaultOffences } from "./validation/key-set.js";
export { ActionSchemaError } from "./validation/action-schema-error.js";
export type { Offence, OffenceCode, OffenceKind, PathSegment } from "./validation/offence.js";
export { callbackSurfaceOffences, checkCallbackSurface, CallbackSurfaceError, type SurfaceOffence } from "./validation/callback-surface.js";
export { createRouter, type Router, type RouterOptions } from "./serving/router.js";
export { ToolRegistrationError, type DuplicateNameOffence, type RegistrationOffence } from "./serving/registration.js";
export type { CompactInputSchema, ToolListing } from "./serving/listing.js";
export type { ListingMode } from "./serving/listing-mode.js";
export type { CallContext } from "./serving/dispatch.js";
export type { ServerLog } from "./serving/server-log.js";
export type {
  ActionSummary,
  AnswerCode,
  ErrorReport,
  OffenceReport,
  Problem,
  ProblemCode,
  TextContent,
  ToolAnswer,
} from "./serving/answer.js";
