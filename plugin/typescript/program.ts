/**
 * The `tspc` program transformer: the program comes back with its semantic
 * diagnostics extended by ours, so every mode that reports semantic
 * diagnostics reports them — emitting or not (`--noEmit`,
 * `--emitDeclarationOnly`, emit blocked by type errors), and through the
 * builder (`--incremental`, `-b`), which asks the program's internal
 * `getBindAndCheckDiagnostics` per file and stores the answer in its build
 * info. Emit is untouched: the JS is what `tsc` writes without the plugin.
 *
 * The builder re-checks a file when its version changes or when the
 * declared types of a module it imports change — not when an imported
 * constant changes value but keeps its type (`string[]` stays `string[]`).
 * So the version of a file declaring tools also covers the modules its
 * declarations were evaluated from: change one, and the file is checked
 * again.
 */
import { createHash } from "node:crypto";
import type ts from "typescript";
import { isMissingPeer } from "../evaluator/parser.js";
import { DIAGNOSTIC_CODE, programChecker, type ProgramChecker } from "./program-checker.js";
import type { TypeScript } from "./host.js";

/** The code of the diagnostic reporting that wymcp itself failed on a file (a bug, never an offence). */
export const INTERNAL_ERROR_CODE = DIAGNOSTIC_CODE + 1;

const EXTENDED = Symbol.for("wymcp.extendedDiagnostics");

type Extended = ts.Program & {
  [EXTENDED]?: true;
  /** Internal to TypeScript (the builder's per-file semantic diagnostics). */
  getBindAndCheckDiagnostics?: (sourceFile: ts.SourceFile, cancellationToken?: ts.CancellationToken) => readonly ts.Diagnostic[];
};

/**
 * Extends a program's semantic diagnostics with wymcp's; returns the same
 * program. Extending a program twice is a no-op.
 *
 * @example
 * ```ts
 * const program = extendDiagnostics(ts.createProgram(rootNames, options), ts);
 * program.getSemanticDiagnostics(); // TypeScript's and wymcp's
 * ```
 */
export function extendDiagnostics(program: ts.Program, tsInstance: TypeScript): ts.Program {
  const target = program as Extended;
  if (target[EXTENDED]) return program;
  target[EXTENDED] = true;
  const ours = (sourceFile: ts.SourceFile | undefined): ts.Diagnostic[] => {
    const checker = programChecker(program, tsInstance);
    const files = sourceFile === undefined ? program.getSourceFiles() : [sourceFile];
    return files.flatMap((file) => {
      try {
        return checker.diagnosticsOf(file);
      } catch (error) {
        return [internalError(tsInstance, file, error)];
      }
    });
  };

  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the caller's `this`
  const getSemanticDiagnostics = program.getSemanticDiagnostics;
  target.getSemanticDiagnostics = function (this: unknown, sourceFile?: ts.SourceFile, ...rest: unknown[]) {
    const theirs = (getSemanticDiagnostics as (...args: unknown[]) => readonly ts.Diagnostic[]).call(this, sourceFile, ...rest);
    // `nodesToCheck` (a third argument, internal) asks about part of a file: ours are whole-file answers.
    if (rest.length > 1 && rest[1] !== undefined) return theirs;
    const added = ours(sourceFile);
    if (added.length === 0) return theirs;
    return sourceFile === undefined ? tsInstance.sortAndDeduplicateDiagnostics([...theirs, ...added]) : [...theirs, ...added];
  };

  const getBindAndCheckDiagnostics = target.getBindAndCheckDiagnostics;
  if (typeof getBindAndCheckDiagnostics === "function") {
    target.getBindAndCheckDiagnostics = function (this: unknown, sourceFile: ts.SourceFile, ...rest: unknown[]) {
      const theirs = (getBindAndCheckDiagnostics as (...args: unknown[]) => readonly ts.Diagnostic[]).call(this, sourceFile, ...rest);
      const added = ours(sourceFile);
      return added.length === 0 ? theirs : [...theirs, ...added];
    };
  }
  stampVersions(program, programChecker(program, tsInstance));
  return program;
}

const VERSION_SUFFIX = "|wymcp:";

type Versioned = ts.SourceFile & { version?: unknown; scriptSnapshot?: unknown };

/**
 * Adds to the version of every file declaring tools (when the program has
 * versions: `--incremental`, `-b`, watch mode; not a language service's) a hash of the modules its
 * declarations read. Idempotent: a previous suffix is replaced.
 */
function stampVersions(program: ts.Program, checker: ProgramChecker): void {
  for (const sourceFile of program.getSourceFiles() as readonly Versioned[]) {
    // A language service's files (a patched tsserver) carry script versions the service itself compares: leave them.
    if (typeof sourceFile.version !== "string" || sourceFile.scriptSnapshot !== undefined || !checker.isCandidate(sourceFile)) continue;
    const version = sourceFile.version.split(VERSION_SUFFIX)[0]!;
    let inputs: string;
    try {
      inputs = checker.inputsOf(sourceFile);
    } catch {
      continue; // reported as an internal error when its diagnostics are asked for
    }
    sourceFile.version =
      inputs === "" ? version : `${version}${VERSION_SUFFIX}${createHash("sha256").update(inputs).digest("hex").slice(0, 16)}`;
  }
}

/** A diagnostic saying that checking a file failed inside wymcp (the build fails rather than skip the check silently). */
function internalError(tsInstance: TypeScript, file: ts.SourceFile, error: unknown): ts.Diagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    file,
    start: 0,
    length: 0,
    // A missing build-time package is the user's to install, in one line; anything else is a wymcp bug.
    messageText: isMissingPeer(error)
      ? error.message
      : `wymcp could not check the tool declarations of this file: ${reason}. ` +
        "Please report this as a wymcp bug; `npx wymcp check` shows what the build-time check sees.",
    category: tsInstance.DiagnosticCategory.Error,
    code: INTERNAL_ERROR_CODE,
    source: "wymcp",
  };
}
