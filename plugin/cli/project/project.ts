/**
 * What reading a tsconfig yields — the files to check with their module
 * host, or the one-line reason it could not be read — and which of a
 * program's files are the project's own, shared by both readers (the
 * TypeScript 7 API and the JS compiler API).
 */
import type { ModuleHost } from "../../evaluator/modules.js";

/** The files to check and how their imports resolve. */
export interface ProjectFiles {
  /** The tsconfig read (absolute). */
  readonly configFile: string;
  /** The program's own sources, absolute: no declaration files, nothing from `node_modules`. */
  readonly files: readonly string[];
  readonly host: ModuleHost;
  /** Referenced projects (`references`), absolute tsconfig paths, for `--build`. */
  readonly references: readonly string[];
  /** Texts already read, by file (so a file is read once). */
  readonly texts?: ReadonlyMap<string, string | undefined>;
}

/** Why the project could not be read, in one line naming the fix. */
export interface ProjectError {
  readonly error: string;
}

/** A file of the program that the check reads: the project's own sources. */
export function isOwnSource(fileName: string): boolean {
  return (
    /\.(?:[cm]?[jt]s|[jt]sx)$/.test(fileName) &&
    !/\.d\.(?:[^/]*\.)?[cm]?ts$/.test(fileName) &&
    !fileName.split(/[\\/]/).includes("node_modules")
  );
}
