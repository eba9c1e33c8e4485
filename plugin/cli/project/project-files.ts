/**
 * The files of a tsconfig, as the project's own compiler sees them — its
 * file list after `files`/`include`/`exclude`, and its module resolution
 * (`paths` and the rest): through the TypeScript 7 API where TypeScript 7
 * is installed, through the JS compiler API on 5.9 and 6.x. A project
 * folder is its `tsconfig.json`.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { isMissingPeer } from "../../evaluator/parser.js";
import { apiFailed } from "./api-shape.js";
import type { TypeScriptInstall } from "./typescript-install.js";
import { nativeProject, type NativeReading } from "./native-project.js";
import { jsProject } from "./js-project.js";
import type { ProjectError, ProjectFiles } from "./project.js";

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
 * Reads a tsconfig with the project's TypeScript (on 7.x, as much of it as
 * `reading` asks for; 5.9 and 6.x read the program in process either way).
 *
 * @example
 * ```ts
 * const project = await readProject("/p/tsconfig.json", findTypeScript("/p")!);
 * if (!("error" in project)) project.files; // ["/p/src/tools.ts", …]
 * ```
 */
export async function readProject(
  configFile: string,
  install: TypeScriptInstall,
  reading: NativeReading = "program",
): Promise<ProjectFiles | ProjectError> {
  if (!existsSync(configFile))
    return { error: `no tsconfig at ${configFile}: create one (npx tsc --init) or name yours with -p/--project` };
  try {
    return install.major >= 7 ? await nativeProject(configFile, install, reading) : jsProject(configFile, install);
  } catch (error) {
    // The readers check the API's shape before they call it; a call that still throws is a shape they do not know.
    if (isMissingPeer(error)) throw error;
    return { error: apiFailed(install, configFile, error) };
  }
}
