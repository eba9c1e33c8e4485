/**
 * The files of a tsconfig, as the project's own compiler sees them — its
 * file list after `files`/`include`/`exclude`, and its module resolution
 * (`paths` and the rest): through the TypeScript 7 API where TypeScript 7
 * is installed, through the JS compiler API on 5.9 and 6.x. A project
 * folder is its `tsconfig.json`.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { ModuleHost } from "../../evaluator/modules.js";
import type { TypeScriptInstall } from "./typescript-install.js";
import { nativeProject } from "./native-project.js";
import { jsProject } from "./js-project.js";

/** The files to check and how their imports resolve. */
export interface ProjectFiles {
  /** The tsconfig read (absolute). */
  readonly configFile: string;
  /** The program's own sources, absolute: no declaration files, nothing from `node_modules`. */
  readonly files: readonly string[];
  readonly host: ModuleHost;
  /** Referenced projects (`references`), absolute tsconfig paths, for `--build`. */
  readonly references: readonly string[];
}

/** Why the project could not be read, in one line naming the fix. */
export interface ProjectError {
  readonly error: string;
}

/**
 * The tsconfig file a `-p` value or a build argument names (a folder means its tsconfig.json).
 *
 * @example
 * ```ts
 * configPath("packages/api", "/repo"); // "/repo/packages/api/tsconfig.json"
 * ```
 */
export function configPath(given: string, cwd: string): string {
  const absolute = path.resolve(cwd, given);
  return existsSync(absolute) && statSync(absolute).isDirectory() ? path.join(absolute, "tsconfig.json") : absolute;
}

/**
 * Reads a tsconfig with the project's TypeScript.
 *
 * @example
 * ```ts
 * const project = await readProject("/p/tsconfig.json", findTypeScript("/p")!);
 * if (!("error" in project)) project.files; // ["/p/src/tools.ts", …]
 * ```
 */
export async function readProject(configFile: string, install: TypeScriptInstall): Promise<ProjectFiles | ProjectError> {
  if (!existsSync(configFile))
    return { error: `no tsconfig at ${configFile}: create one (npx tsc --init) or name yours with -p/--project` };
  return install.major >= 7 ? nativeProject(configFile, install) : jsProject(configFile, install);
}

/** A file of the program that the check reads: the project's own sources. */
export function isOwnSource(fileName: string): boolean {
  return (
    /\.(?:[cm]?[jt]s|[jt]sx)$/.test(fileName) &&
    !/\.d\.(?:[^/]*\.)?[cm]?ts$/.test(fileName) &&
    !fileName.split(/[\\/]/).includes("node_modules")
  );
}
