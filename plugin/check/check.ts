/**
 * Checking source files: find every tool declaration, run the runtime's own
 * validators on its evaluated value, keep the offences that hold whatever the
 * unknown parts are, and locate them. Shared by the bundler plugins, the
 * CLI and the TypeScript hosts; what a check answers is in `file-check.ts`.
 */
import { actionSchemaOffences, markInert } from "../../src/internal.js";
import { positionOf, type SourceFile } from "../evaluator/ast.js";
import { diskHost, parseSource, type ModuleHost } from "../evaluator/modules.js";
import { notParsed } from "../evaluator/syntax.js";
import { isCertain } from "./certain.js";
import { checkSession, findDeclarations, type ToolDeclaration } from "./declarations.js";
import type { DeclarationCheck, FileCheck, FileNote, SkippedFile } from "./file-check.js";
import { locateOffences } from "./locate.js";
import { mayDeclareTools } from "./prefilter.js";
import { renamedExports, unfollowedUses } from "./unfollowed.js";
import { surfaceOffences } from "./surface.js";
import { unresolvedImports } from "./unresolved-imports.js";
import { projectRoot } from "./project-root.js";

/**
 * Validates one evaluated declaration with the runtime's validators.
 *
 * @example
 * ```ts
 * const { offences } = checkDeclaration(declaration);
 * ```
 */
function checkDeclaration(declaration: ToolDeclaration): DeclarationCheck {
  const surface = surfaceOffences(declaration);
  if (declaration.tool === undefined) return { declaration, offences: surface, uncertain: [] };
  // The evaluator's values have no accessor and no Proxy: validation reads them in place instead of copying them.
  if (typeof declaration.record === "object" && declaration.record !== null) markInert(declaration.record);
  const offences = actionSchemaOffences(declaration.tool);
  const certain = offences.filter((offence) => isCertain(declaration, offence));
  return {
    declaration,
    offences: [...locateOffences(declaration, certain), ...surface],
    uncertain: offences.filter((offence) => !certain.includes(offence)),
  };
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
  if (!mayDeclareTools(text, fileName)) return { fileName, declarations: [], filesRead: [] };
  let sourceFile: SourceFile;
  try {
    sourceFile = parseSource(fileName, text);
  } catch (error) {
    const why = notParsed(error);
    if (why === undefined) throw error;
    return { fileName, declarations: [], filesRead: [], skipped: skippedFor(why) };
  }
  return checkSourceFile(sourceFile, host);
}

/**
 * The specifiers a source file imports or re-exports from (none when it
 * cannot be parsed, or could not declare a tool): what a bundler is asked
 * to resolve in one round before the file's first check, which then finds
 * the answers it needs instead of running again once they are known.
 *
 * @example
 * ```ts
 * importedSpecifiers("/src/tools.ts", 'import { paging } from "./shared.js";'); // ["./shared.js"]
 * ```
 */
export function importedSpecifiers(fileName: string, text: string): readonly string[] {
  if (!mayDeclareTools(text, fileName)) return [];
  try {
    const sourceFile = parseSource(fileName, text);
    return sourceFile.parseError === undefined ? sourceFile.moduleRequests : [];
  } catch (error) {
    if (notParsed(error) !== undefined) return [];
    throw error;
  }
}

/**
 * Checks a parsed source file. A file the parser rejects, or nested too
 * deeply to evaluate, is not checked: its verdict says why in `skipped`.
 */
export function checkSourceFile(sourceFile: SourceFile, host: ModuleHost = diskHost()): FileCheck {
  const fileName = sourceFile.fileName;
  const syntaxError = sourceFile.parseError;
  if (syntaxError !== undefined) return { fileName, declarations: [], filesRead: [], skipped: { reason: "syntax-error", ...syntaxError } };
  const { evaluator, wymcp } = checkSession(host, projectRoot(fileName));
  evaluator.references.adopt(sourceFile);
  const filesRead = () => evaluator.filesRead.filter((file) => file !== fileName);
  try {
    const declarations = findDeclarations(sourceFile, { evaluator }).map(checkDeclaration);
    const notes: FileNote[] = [...unfollowedUses(sourceFile, wymcp), ...unresolvedImports(sourceFile, wymcp)].map(({ node, message }) => ({
      message,
      ...lineAndColumn(node),
    }));
    for (const { offset, message } of renamedExports(sourceFile, wymcp)) notes.push({ message, ...sourceFile.position(offset) });
    if (evaluator.budget.reason !== undefined)
      notes.push({ message: `${evaluator.budget.reason}: what was built past it is unknown`, line: 1, column: 1 });
    return { fileName, declarations, filesRead: filesRead(), ...(notes.length > 0 ? { notes } : {}) };
  } catch (error) {
    const why = notParsed(error);
    if (why === undefined) throw error;
    return { fileName, declarations: [], filesRead: filesRead(), skipped: skippedFor(why) };
  }
}

/** A file not parsed, or not evaluated, as its verdict says it. */
function skippedFor(why: NonNullable<ReturnType<typeof notParsed>>): SkippedFile {
  return { reason: why.reason, message: why.message, ...(why.line === undefined ? {} : { line: why.line, column: why.column }) };
}

function lineAndColumn(node: Parameters<typeof positionOf>[0]): { line: number; column: number } {
  const { line, column } = positionOf(node);
  return { line, column };
}
