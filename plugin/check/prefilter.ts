/**
 * The text prefilter: the cheap test a module passes before anything parses
 * it. Kept apart from the evaluator and the validators, so a build whose
 * modules need no check loads neither (nor TypeScript).
 */
import { PACKAGE_NAME } from "../package.js";

/**
 * A cheap test that a file may declare a tool: it names the package and
 * `defineTool`. Files that fail it are never parsed.
 *
 * @example
 * ```ts
 * mayDeclareTools('import { defineTool } from "wymcp"'); // true
 * ```
 */
export function mayDeclareTools(text: string): boolean {
  return text.includes(PACKAGE_NAME) && text.includes("defineTool");
}
