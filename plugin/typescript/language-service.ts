/**
 * The language-service plugin (tsserver, so every editor that runs it):
 * semantic diagnostics of a file gain wymcp's, computed from the editor's
 * own program on every request (cached per SourceFile, so an unchanged file
 * costs a lookup). For the open file it reports
 *
 * - the offences of its declarations that sit in it, at their node;
 * - the offences of its declarations that sit in another module (an imported
 *   constant), at the last place in this file the value passed through — the
 *   message names where the offending value is;
 * - the offences of other files' declarations that sit in it (this file
 *   exports the constant they use), at their node.
 *
 * A failure inside the plugin never breaks the editor: it is logged to the
 * tsserver log and TypeScript's own diagnostics are returned.
 */
import type ts from "typescript";
import { sourceFileOf, type Node } from "../evaluator/ast.js";
import type { Offence } from "../../src/index.js";
import type { ToolDeclaration } from "../check/declarations.js";
import { offencePath, walkPath } from "../check/offence-path.js";
import { displayPath } from "../check/report.js";
import { diagnosticAt, isWymcpDiagnostic, messageOf, programChecker, type ProgramChecker, type ProgramOffence } from "./program-checker.js";
import type { TypeScript } from "./host.js";

/**
 * The plugin module tsserver instantiates (`{ typescript }` in, `{ create }` out).
 *
 * @example
 * ```ts
 * // ts-plugin/package.json points tsserver at a module doing:
 * module.exports = (modules) => languageServicePlugin(modules.typescript);
 * ```
 */
export function languageServicePlugin(tsInstance: TypeScript): ts.server.PluginModule {
  return {
    create(info) {
      const service = info.languageService;
      const log = (message: string) => info.project.projectService.logger.info(`[wymcp] ${message}`);
      log(`language-service plugin enabled for ${info.project.getProjectName()}`);
      const proxy = Object.create(null) as ts.LanguageService;
      for (const key of Object.keys(service) as (keyof ts.LanguageService)[]) {
        // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with `apply(service, …)`
        const member = service[key];
        (proxy as unknown as Record<string, unknown>)[key] =
          typeof member === "function" ? (...args: unknown[]) => (member as (...args: unknown[]) => unknown).apply(service, args) : member;
      }
      proxy.getSemanticDiagnostics = (fileName) => {
        const theirs = service.getSemanticDiagnostics(fileName);
        try {
          const program = service.getProgram();
          const sourceFile = program?.getSourceFile(fileName);
          if (program === undefined || sourceFile === undefined) return theirs;
          // A program already extended by the `tspc` transformer (a patched tsserver) answers with the same offences.
          return [
            ...theirs.filter((diagnostic) => !isWymcpDiagnostic(diagnostic)),
            ...editorDiagnostics(programChecker(program, tsInstance), sourceFile),
          ];
        } catch (error) {
          log(`could not check ${fileName}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          return theirs;
        }
      };
      return proxy;
    },
  };
}

/**
 * The diagnostics an editor shows for one file (see the module comment).
 *
 * @example
 * ```ts
 * editorDiagnostics(programChecker(program, ts), program.getSourceFile("/src/tools.ts")!);
 * ```
 */
function editorDiagnostics(checker: ProgramChecker, sourceFile: ts.SourceFile): ts.Diagnostic[] {
  const { program, ts: tsInstance } = checker.host;
  const diagnostics: ts.Diagnostic[] = [];
  for (const offence of checker.offencesOf(sourceFile)) {
    if (offence.diagnostic.file === sourceFile) {
      diagnostics.push(offence.diagnostic);
      continue;
    }
    const { located, declaration } = offence;
    const where = `${displayPath(located.fileName, program.getCurrentDirectory())}:${located.line}:${located.column}`;
    const anchor = anchorIn(declaration, located.offence, sourceFile.fileName);
    diagnostics.push(
      diagnosticAt(tsInstance, sourceFile, anchor, `${messageOf(declaration, located)} The offending value is at ${where}.`),
    );
  }
  for (const other of program.getSourceFiles()) {
    if (other === sourceFile || !checker.isCandidate(other)) continue;
    diagnostics.push(
      ...checker
        .offencesOf(other)
        .filter((offence: ProgramOffence) => offence.diagnostic.file === sourceFile)
        .map((offence) => offence.diagnostic),
    );
  }
  return diagnostics;
}

/**
 * The last node in `fileName` on the way from a declaration to the value an
 * offence is about: the slot whose value came from another module (an
 * imported constant's identifier), else the `defineTool` callee.
 */
function anchorIn(declaration: ToolDeclaration, offence: Offence, fileName: string): Node {
  const { provenance } = declaration;
  const inFile = (node: Node) => sourceFileOf(node).fileName === fileName;
  let anchor: Node = declaration.call.callee;
  const actions = isObject(declaration.definition) ? provenance.slotOf(declaration.definition, "actions") : undefined;
  if (actions !== undefined && inFile(actions.value)) anchor = actions.value;
  const last = offence.index ?? offence.key;
  const path = offence.action === null || last === undefined ? offencePath(offence) : [...offencePath(offence), last];
  for (const { slot } of walkPath(declaration.record, path, provenance).steps)
    if (slot !== undefined && inFile(slot.value)) anchor = slot.value;
  return anchor;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
