/**
 * The plain source-transformer form (`{ "transform": "wymcp/transformer" }`
 * without `transformProgram`): each emitted file's offences go to
 * ts-patch's `addDiagnostic`, and the file passes through unchanged. ts-patch
 * runs source transformers only when JS is emitted — never under
 * `--noEmit`, `--emitDeclarationOnly` or blocked emit — so the program
 * transformer is the form to use; this one exists for setups that already
 * list source transformers only.
 */
import type ts from "typescript";
import { programChecker } from "./program-checker.js";
import type { TypeScript } from "./host.js";

/** What ts-patch passes a source transformer besides the program and its configuration. */
export interface SourceTransformerExtras {
  readonly ts: TypeScript;
  addDiagnostic(diagnostic: ts.Diagnostic): number;
}

// ts-patch calls the factory once per emit, which is once per file under `-b`/`--incremental`: report each diagnostic once per program.
const reported = new WeakMap<ts.Program, WeakSet<ts.Diagnostic>>();

/**
 * The transformer factory reporting each emitted file's offences.
 *
 * @example
 * ```ts
 * const factory = sourceTransformer(program, { ts, addDiagnostic });
 * ```
 */
export function sourceTransformer(program: ts.Program, extras: SourceTransformerExtras): ts.TransformerFactory<ts.SourceFile> {
  const checker = programChecker(program, extras.ts);
  let seen = reported.get(program);
  if (seen === undefined) reported.set(program, (seen = new WeakSet()));
  const done = seen;
  return () => (sourceFile) => {
    const original = program.getSourceFile(sourceFile.fileName) ?? sourceFile;
    for (const diagnostic of checker.diagnosticsOf(original)) {
      if (done.has(diagnostic)) continue;
      done.add(diagnostic);
      extras.addDiagnostic(diagnostic);
    }
    return sourceFile;
  };
}
