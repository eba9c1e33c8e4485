/**
 * The parts of the check a bundler needs before it knows whether a module
 * declares a tool: the package name, the cheap text test, and reading a
 * verdict's offences. Kept apart from the evaluator and the validators so a
 * build whose modules need no check loads neither (nor TypeScript).
 */
import type { FileCheck } from "./check.js";
import type { LocatedOffence } from "./locate.js";

/** The package whose `defineTool` declares tools. */
export const PACKAGE_NAME = "wymcp";

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

/** Every located offence of a file, declaration by declaration. */
export function offencesOf(check: FileCheck): LocatedOffence[] {
  return check.declarations.flatMap((declaration) => [...declaration.offences]);
}
