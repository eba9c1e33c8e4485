/**
 * The text prefilter: the cheap test a module passes before anything parses
 * it. Kept apart from the evaluator and the validators, so a build whose
 * modules need no check loads neither (nor the parser).
 */
import { PACKAGE_NAME } from "../package.js";

/** An escape sequence in a string or identifier: `"\u0077ymcp"` names the package without its name in the text. */
const ESCAPE = /\\u|\\x/;

/**
 * A cheap test that a file may declare a tool: it names `defineTool` (also
 * when importing it from a local module that re-exports wymcp's), or names
 * the package and holds an escape sequence (`d\u0065fineTool`). Files that
 * fail it are never parsed.
 *
 * @example
 * ```ts
 * mayDeclareTools('import { defineTool } from "wymcp"'); // true
 * ```
 */
export function mayDeclareTools(text: string): boolean {
  return text.includes("defineTool") || (ESCAPE.test(text) && text.includes(PACKAGE_NAME));
}

/** The code filter of the bundlers that filter natively: a superset of `mayDeclareTools`. */
export const CODE_FILTER = /defineTool|wymcp/;
