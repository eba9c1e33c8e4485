/**
 * Checking source files: find every tool declaration, run the runtime's own
 * validators on its evaluated value, keep the offences that hold whatever the
 * unknown parts are, and locate them. Shared by the bundler plugins, the
 * CLI and the TypeScript hosts; what a check answers is in `file-check.ts`.
 */
import type ts from "typescript";
import { actionSchemaOffences } from "../../src/action-schema.js";
import { Evaluator } from "../evaluator/evaluator.js";
import { diskHost, parseSource, type ModuleHost } from "../evaluator/modules.js";
import { firstSyntaxError, isStackOverflow } from "../evaluator/syntax.js";
import { isCertain } from "./certain.js";
import { findDeclarations, type ToolDeclaration } from "./declarations.js";
import type { DeclarationCheck, FileCheck } from "./file-check.js";
import { locateOffences } from "./locate.js";
import { mayDeclareTools } from "./prefilter.js";

/**
 * Validates one evaluated declaration with the runtime's validators.
 *
 * @example
 * ```ts
 * const { offences } = checkDeclaration(declaration);
 * ```
 */
function checkDeclaration(declaration: ToolDeclaration): DeclarationCheck {
  if (declaration.tool === undefined) return { declaration, offences: [], uncertain: [] };
  const offences = actionSchemaOffences(declaration.tool);
  const certain = offences.filter((offence) => isCertain(declaration, offence));
  return { declaration, offences: locateOffences(declaration, certain), uncertain: offences.filter((offence) => !certain.includes(offence)) };
}

/**
 * Checks a source file's text (its own, untransformed text: positions come
 * from it).
 *
 * @example
 * ```ts
 * const check = checkSource("/src/tools.ts", readFileSync("/src/tools.ts", "utf8"));
 * const count = check.declarations.reduce((sum, d) => sum + d.offences.length, 0);
 * ```
 */
export function checkSource(fileName: string, text: string, host: ModuleHost = diskHost()): FileCheck {
  if (!mayDeclareTools(text)) return { fileName, declarations: [], filesRead: [] };
  let sourceFile: ts.SourceFile;
  try {
    sourceFile = parseSource(fileName, text);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return { fileName, declarations: [], filesRead: [], skipped: { reason: "too-deep", message: "the source is nested too deeply to parse" } };
  }
  return checkSourceFile(sourceFile, host);
}

/**
 * Checks a parsed source file (parent pointers set). A file with a syntax
 * error, or nested too deeply to evaluate, is not checked: its verdict says
 * why in `skipped`.
 */
export function checkSourceFile(sourceFile: ts.SourceFile, host: ModuleHost = diskHost()): FileCheck {
  const fileName = sourceFile.fileName;
  const syntaxError = firstSyntaxError(sourceFile);
  if (syntaxError !== undefined) return { fileName, declarations: [], filesRead: [], skipped: { reason: "syntax-error", ...syntaxError } };
  const evaluator = new Evaluator(host);
  const filesRead = () => evaluator.filesRead.filter((file) => file !== fileName);
  try {
    const declarations = findDeclarations(sourceFile, { evaluator }).map(checkDeclaration);
    return { fileName, declarations, filesRead: filesRead() };
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return { fileName, declarations: [], filesRead: filesRead(), skipped: { reason: "too-deep", message: "the source is nested too deeply to evaluate" } };
  }
}
