/**
 * The static evaluator's public surface, independent of any bundler: find
 * and evaluate the tool declarations of a source file, and ask where every
 * evaluated value came from. The bundler plugins, the CLI and the `tsc`
 * transformer build on it.
 *
 * @example
 * ```ts
 * import { findDeclarations, parseSource } from "./evaluator/index.js";
 * for (const declaration of findDeclarations(parseSource(fileName, text))) {
 *   if (declaration.tool !== undefined) actionSchemaOffences(declaration.tool);
 * }
 * ```
 *
 * @module
 */
export { findDeclarations, isDefineTool, unknownsIn, PACKAGE_NAME, type FindOptions, type ToolDeclaration } from "./declarations.js";
export { Evaluator, unwrap } from "./evaluator.js";
export { diskHost, parseSource, resolveRelativeModule, SOURCE_EXTENSIONS, type ModuleHost } from "./modules.js";
export { Provenance, type Slot } from "./provenance.js";
export { Unknown, snippet } from "./unknown.js";
export { firstSyntaxError, isStackOverflow, type SyntaxProblem } from "./syntax.js";
