/**
 * The evaluator's module host, answered from a TypeScript program: the
 * program's own SourceFiles (no second read from disk) and the program's own
 * module resolution (`paths`, `moduleSuffixes`, `rootDirs`, … all apply).
 *
 * The evaluator walks the tree of its own parser: each program file's text
 * is parsed again (cached while the text is unchanged). Offsets are UTF-16
 * offsets into the same text, so they are the positions of the program's
 * SourceFile, where diagnostics are reported.
 */
import type ts from "typescript";
import type { SourceFile } from "../evaluator/ast.js";
import { parseSource, type ModuleHost } from "../evaluator/modules.js";
import { isInstalledWymcpFile } from "../package.js";

/** The TypeScript API the program came from (`tspc` and tsserver pass theirs). */
export type TypeScript = typeof ts;

/** A module host over a program, which also says which program file each answer came from. */
export interface ProgramHost extends ModuleHost {
  readonly program: ts.Program;
  readonly ts: TypeScript;
  /** The program's own SourceFile of a file (what diagnostics must point at). */
  programSourceFile(fileName: string): ts.SourceFile | undefined;
  /** The tree the evaluator walks: a parse of the program file's text. */
  evaluatedSourceFile(sourceFile: ts.SourceFile): SourceFile;
}

/**
 * A host answering from `program`.
 *
 * @example
 * ```ts
 * const host = programHost(program, ts);
 * const check = checkSourceFile(host.evaluatedSourceFile(sourceFile), host);
 * ```
 */
export function programHost(program: ts.Program, tsInstance: TypeScript): ProgramHost {
  const options = program.getCompilerOptions();
  const cache = tsInstance.createModuleResolutionCache(program.getCurrentDirectory(), (fileName) => fileName, options);
  const resolutionHost: ts.ModuleResolutionHost = {
    fileExists: (fileName) => program.getSourceFile(fileName) !== undefined || tsInstance.sys.fileExists(fileName),
    readFile: (fileName) => program.getSourceFile(fileName)?.text ?? tsInstance.sys.readFile(fileName),
    directoryExists: (directory) => tsInstance.sys.directoryExists(directory),
    realpath: tsInstance.sys.realpath === undefined ? undefined : (path) => tsInstance.sys.realpath?.(path) ?? path,
    getCurrentDirectory: () => program.getCurrentDirectory(),
  };
  const resolved = new Map<string, string | undefined>();
  const evaluatedSourceFile = (sourceFile: ts.SourceFile): SourceFile => parseSource(sourceFile.fileName, sourceFile.text);

  return {
    program,
    ts: tsInstance,
    programSourceFile: (fileName) => program.getSourceFile(fileName),
    evaluatedSourceFile,
    getSourceFile(fileName) {
      const sourceFile = program.getSourceFile(fileName);
      return sourceFile === undefined ? undefined : evaluatedSourceFile(sourceFile);
    },
    resolveModule(specifier, containingFile) {
      const key = `${containingFile}\0${specifier}`;
      if (resolved.has(key)) return resolved.get(key);
      const mode = program.getSourceFile(containingFile)?.impliedNodeFormat;
      const module = tsInstance.resolveModuleName(
        specifier,
        containingFile,
        options,
        resolutionHost,
        cache,
        undefined,
        mode,
      ).resolvedModule;
      // Only the program's own sources hold constants to read: no packages, no declaration files —
      // but wymcp's own files say which specifiers name wymcp (an alias of it), and are never read.
      const local =
        module !== undefined &&
        ((!module.isExternalLibraryImport && !isDeclarationFile(module.resolvedFileName)) || isInstalledWymcpFile(module.resolvedFileName))
          ? module.resolvedFileName
          : undefined;
      resolved.set(key, local);
      return local;
    },
  };
}

function isDeclarationFile(fileName: string): boolean {
  return /\.d\.[cm]?ts$/.test(fileName) || /\.d\.[^/]*\.ts$/.test(fileName);
}
