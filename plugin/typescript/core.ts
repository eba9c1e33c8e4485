/**
 * Everything the CommonJS entry `wymcp/transformer` (`index.cts`) loads, in
 * one ES module: the program transformer, the source transformer and the
 * language-service plugin. Node ≥ 20.19 `require()`s it.
 */
export { DIAGNOSTIC_CODE, DIAGNOSTIC_SOURCE, isWymcpDiagnostic, programChecker } from "./program-checker.js";
export { languageServicePlugin } from "./language-service.js";
export { extendDiagnostics, INTERNAL_ERROR_CODE } from "./program.js";
export { sourceTransformer, type SourceTransformerExtras } from "./source.js";
export type { TypeScript } from "./host.js";
