/**
 * Offences as TypeScript diagnostics, for the `tspc` transformer and the
 * language-service plugin: one error per offence, at the key or value the
 * offence names (which may sit in another module, for an imported constant),
 * message `location: problem. Fix: …`, code {@link DIAGNOSTIC_CODE}.
 *
 * Checks are cached per SourceFile object, together with what the check
 * read (`../check/reads.ts`: every file, as the program's SourceFile, and
 * every module resolution): a later program (`-b`, `--incremental`, watch
 * mode, every keystroke in an editor) reuses a check while the file and
 * everything it read are the same objects.
 */
import type ts from "typescript";
import type { Node } from "../evaluator/ast.js";
import { offenceLine, toolLabel } from "../../src/internal.js";
import { checkSourceFile } from "../check/check.js";
import type { FileCheck } from "../check/file-check.js";
import { notParsed } from "../evaluator/syntax.js";
import type { ToolDeclaration } from "../check/declarations.js";
import type { LocatedOffence } from "../check/locate.js";
import { mayDeclareTools } from "../check/prefilter.js";
import { ReadRecorder, stillHolds, type ReadRecord } from "../check/reads.js";
import { programHost, type ProgramHost, type TypeScript } from "./host.js";

/** The error code of every wymcp diagnostic (`error TS990001: …`). */
export const DIAGNOSTIC_CODE = 990001;

/** Where diagnostics say they come from (`source` of a diagnostic). */
export const DIAGNOSTIC_SOURCE = "wymcp";

/** One offence of one declaration, as found in a program. */
export interface ProgramOffence {
  readonly declaration: ToolDeclaration;
  readonly located: LocatedOffence;
  /** The diagnostic, on the program's SourceFile of the file the offence sits in. */
  readonly diagnostic: ts.Diagnostic;
}

/** A file's check, with what it read (to tell whether a later program may reuse it). */
interface CachedCheck {
  readonly offences: readonly ProgramOffence[];
  /**
   * Why the file could not be checked (too deep or too large to parse), as a diagnostic at its place: never a crash,
   * never a silent pass.
   */
  readonly notChecked?: ts.Diagnostic | undefined;
  /** Each module read, as the program's SourceFile of it. */
  readonly record: ReadRecord<ts.SourceFile | undefined>;
}

const checks = new WeakMap<ts.SourceFile, CachedCheck>();
const checkers = new WeakMap<ts.Program, ProgramChecker>();

/**
 * The checker of a program (one per program object).
 *
 * @example
 * ```ts
 * const diagnostics = programChecker(program, ts).diagnosticsOf(sourceFile);
 * ```
 */
export function programChecker(program: ts.Program, tsInstance: TypeScript): ProgramChecker {
  let checker = checkers.get(program);
  if (checker === undefined) {
    checker = new ProgramChecker(programHost(program, tsInstance));
    checkers.set(program, checker);
  }
  return checker;
}

/** Checks the files of one program, reusing earlier checks whose inputs are unchanged. */
export class ProgramChecker {
  constructor(readonly host: ProgramHost) {}

  /** Whether a program file is one of the project's own sources that may declare tools. */
  isCandidate(sourceFile: ts.SourceFile): boolean {
    const { program } = this.host;
    return (
      !sourceFile.isDeclarationFile &&
      !program.isSourceFileFromExternalLibrary(sourceFile) &&
      !program.isSourceFileDefaultLibrary(sourceFile) &&
      mayDeclareTools(sourceFile.text, sourceFile.fileName)
    );
  }

  /** The offences of the tool declarations in a file (wherever each offence sits). */
  offencesOf(sourceFile: ts.SourceFile): readonly ProgramOffence[] {
    if (!this.isCandidate(sourceFile)) return [];
    const cached = checks.get(sourceFile);
    if (cached !== undefined && this.isCurrent(cached)) return cached.offences;
    const check = this.check(sourceFile);
    checks.set(sourceFile, check);
    return check.offences;
  }

  /** The diagnostics of the tool declarations in a file. */
  diagnosticsOf(sourceFile: ts.SourceFile): ts.Diagnostic[] {
    const diagnostics = this.offencesOf(sourceFile).map((offence) => offence.diagnostic);
    const notChecked = checks.get(sourceFile)?.notChecked;
    return notChecked === undefined ? diagnostics : [notChecked, ...diagnostics];
  }

  /**
   * What a file's check read besides the file itself — every file (by its
   * text) and every module resolution — as one string; empty when it read
   * nothing else.
   */
  inputsOf(sourceFile: ts.SourceFile): string {
    this.offencesOf(sourceFile);
    const cached = checks.get(sourceFile);
    if (cached === undefined) return "";
    const { reads, resolutions } = cached.record;
    const parts: string[] = [];
    for (const [fileName, file] of [...reads].sort(([a], [b]) => a.localeCompare(b)))
      parts.push(`${fileName}\0${file === undefined ? "-" : file.text}`);
    const answers = resolutions.map(([specifier, containingFile, answer]) => [`${containingFile}\0${specifier}`, answer] as const);
    for (const [key, fileName] of answers.sort(([a], [b]) => a.localeCompare(b))) parts.push(`${key}\0${fileName ?? "-"}`);
    return parts.join("\n");
  }

  /** Every offence of every declaration in the program. */
  allOffences(): ProgramOffence[] {
    return this.host.program.getSourceFiles().flatMap((sourceFile) => [...this.offencesOf(sourceFile)]);
  }

  private isCurrent(cached: CachedCheck): boolean {
    const { host } = this;
    return stillHolds(cached.record, {
      unchanged: (fileName, sourceFile) => host.programSourceFile(fileName) === sourceFile,
      resolve: (specifier, containingFile) => host.resolveModule(specifier, containingFile) ?? null,
    });
  }

  private check(sourceFile: ts.SourceFile): CachedCheck {
    const { host } = this;
    const recorder = new ReadRecorder({
      read: (fileName) => ({ seen: host.programSourceFile(fileName), sourceFile: () => host.getSourceFile(fileName) }),
      resolveModule: (specifier, containingFile) => host.resolveModule(specifier, containingFile),
    });
    let fileCheck: FileCheck;
    try {
      fileCheck = checkSourceFile(host.evaluatedSourceFile(sourceFile), recorder);
    } catch (error) {
      const why = notParsed(error);
      if (why === undefined) throw error;
      fileCheck = {
        fileName: sourceFile.fileName,
        declarations: [],
        filesRead: [],
        skipped: { reason: why.reason, message: why.message, line: why.line, column: why.column },
      };
    }
    const skipped = fileCheck.skipped;
    // A syntax error is the compiler's own to report; anything else kept the file from being checked.
    const notChecked =
      skipped === undefined || skipped.reason === "syntax-error"
        ? undefined
        : notCheckedDiagnostic(host.ts, sourceFile, skipped.line, skipped.column, `wymcp: not checked: ${skipped.message}`);
    const offences: ProgramOffence[] = [];
    for (const { declaration, offences: located } of fileCheck.declarations) {
      for (const offence of located) {
        const file = offence.fileName === sourceFile.fileName ? sourceFile : host.programSourceFile(offence.fileName);
        if (file === undefined) continue;
        offences.push({
          declaration,
          located: offence,
          diagnostic: diagnosticAt(host.ts, file, offence.node, messageOf(declaration, offence)),
        });
      }
    }
    return { offences, notChecked, record: recorder.record() };
  }
}

/** A diagnostic at a 1-based line and column of a file (its start when there is none). */
function notCheckedDiagnostic(
  tsInstance: TypeScript,
  file: ts.SourceFile,
  line: number | undefined,
  column: number | undefined,
  messageText: string,
): ts.Diagnostic {
  let start = 0;
  try {
    if (line !== undefined) start = file.getPositionOfLineAndCharacter(line - 1, (column ?? 1) - 1);
  } catch {
    // A place past the compiler's view of the text: the file's start.
  }
  return {
    file,
    start,
    length: 0,
    messageText,
    category: tsInstance.DiagnosticCategory.Error,
    code: DIAGNOSTIC_CODE,
    source: DIAGNOSTIC_SOURCE,
  };
}

/** The message of an offence's diagnostic: `location: problem. Fix: … (tool "name")`. */
export function messageOf(declaration: ToolDeclaration, located: LocatedOffence): string {
  return `${offenceLine(located.offence)} (${toolLabel(declaration.name)})`;
}

/**
 * An error diagnostic spanning a node (of the evaluator's parse of `file`'s
 * text, or of `file` itself).
 */
export function diagnosticAt(tsInstance: TypeScript, file: ts.SourceFile, node: Node, messageText: string): ts.Diagnostic {
  return {
    file,
    start: node.start,
    length: node.end - node.start,
    messageText,
    category: tsInstance.DiagnosticCategory.Error,
    code: DIAGNOSTIC_CODE,
    source: DIAGNOSTIC_SOURCE,
  };
}

/** Whether a diagnostic is one of ours. */
export function isWymcpDiagnostic(diagnostic: ts.Diagnostic): boolean {
  return diagnostic.code === DIAGNOSTIC_CODE;
}
