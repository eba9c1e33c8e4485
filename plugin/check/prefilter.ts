/**
 * The text prefilter: the cheap test a module passes before anything parses
 * it. Kept apart from the evaluator and the validators, so a build whose
 * modules need no check loads neither (nor the parser).
 */
import { PACKAGE_NAME } from "../package.js";
import { wymcpImportNames } from "./package-imports.js";
import { importsAnAlias } from "./wymcp-aliases.js";

/** A subpath import (`"#w"`), which a package.json `imports` entry may map to wymcp. */
const SUBPATH_IMPORT = /["'`]#/;

/**
 * A cheap test that a file may declare a tool: it names `defineTool` (also
 * when importing it from a local module that re-exports wymcp's), or names
 * the package (whose `defineTool` it may read by a computed key, or under an
 * escaped name), or — given its file name — imports a package.json
 * `imports` name that maps to wymcp. Files that fail it are never parsed.
 *
 * @example
 * ```ts
 * mayDeclareTools('import { defineTool } from "wymcp"'); // true
 * ```
 */
export function mayDeclareTools(text: string, fileName?: string): boolean {
  if (text.includes("defineTool") || text.includes(PACKAGE_NAME)) return true;
  if (importsAnAlias(text)) return true;
  if (fileName === undefined || !SUBPATH_IMPORT.test(text)) return false;
  return wymcpImportNames(fileName).some((name) => text.includes(`"${name}`) || text.includes(`'${name}`) || text.includes(`\`${name}`));
}

/**
 * The code filter of the bundlers that filter natively: a superset of
 * `mayDeclareTools` for a build with no alias of wymcp (a subpath import
 * may map to wymcp; with an alias, `moduleFilter` leaves the code unfiltered).
 */
export const CODE_FILTER = /defineTool|wymcp|["'`]#/;
