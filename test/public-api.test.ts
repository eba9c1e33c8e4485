/**
 * The root entry `wymcp` exports exactly the API the README documents (and
 * the types its signatures need): a new export, or a lost one, fails here
 * until the list — and the README — say so.
 */
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { expect, test } from "vitest";
import * as wymcp from "../src/index.js";

const VALUES = [
  "ActionSchemaError",
  "CallbackSurfaceError",
  "ToolError",
  "ToolRegistrationError",
  "actionNames",
  "actionSchemaKeys",
  "actionSchemaOffences",
  "audio",
  "callbackSurfaceOffences",
  "checkCallbackSurface",
  "checkMandatoryKeys",
  "content",
  "createRouter",
  "defaultOffences",
  "defineTool",
  "fetchSchema",
  "fetchSchemas",
  "image",
  "mandatoryActionSchemaKeys",
  "resource",
  "resourceLink",
  "schemaOffences",
  "text",
  "validate",
];

const TYPES = [
  "ActionContext",
  "ActionData",
  "ActionRecord",
  "ActionSchema",
  "ActionSchemaKey",
  "ActionSummary",
  "AnswerCode",
  "CallContext",
  "CheckedActionSchema",
  "CompactInputSchema",
  "DuplicateNameOffence",
  "ErrorHandler",
  "ErrorReport",
  "FetchedSchema",
  "Handler",
  "HandlerContext",
  "Handlers",
  "InferSchema",
  "JsonTypeName",
  "ListingMode",
  "MandatoryActionSchemaKey",
  "Offence",
  "OffenceCode",
  "OffenceKind",
  "OffenceReport",
  "OutputSchema",
  "PathSegment",
  "Problem",
  "ProblemCode",
  "PropertyMap",
  "PropertySchema",
  "RegistrationOffence",
  "Router",
  "RouterOptions",
  "ServerLog",
  "SurfaceOffence",
  "TextContent",
  "Tool",
  "ToolAnnotations",
  "ToolAnswer",
  "ToolDefinition",
  "ToolHints",
  "ToolIcon",
  "ToolListing",
  "ToolParts",
  // Beyond tools: content results and the handler context's client channel.
  "AudioContent",
  "ContentBlock",
  "ContentResult",
  "EmbeddedResource",
  "ImageContent",
  "ResourceContents",
  "ResourceLink",
  "TraceContext",
  "AskOptions",
  "ClientChannel",
  "ClientLog",
  "ClientRoot",
  "ElicitationRequest",
  "ElicitationResult",
  "LogLevel",
  "ProgressReporter",
  "RootsResult",
  "SamplingContent",
  "SamplingRequest",
  "SamplingResult",
];

test("the runtime values of the root entry", () => {
  expect(Object.keys(wymcp).sort()).toEqual(VALUES);
});

test("every name the root entry exports, types included", () => {
  const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  const names = checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .sort();
  expect(names).toEqual([...VALUES, ...TYPES].sort());
});
