/**
 * Checking the files of one or more tsconfigs (with `--build`, their
 * references too): each file once, through the host of the project that
 * lists it first. Shared by `wymcp tsc` and `wymcp check --project`.
 */
import { readFileSync } from "node:fs";
import { checkSource } from "../../check/check.js";
import type { FileCheck } from "../../check/file-check.js";
import type { NativeReading } from "./native-project.js";
import { readProject } from "./project-files.js";
import type { TypeScriptInstall } from "./typescript-install.js";

/** The checks, or why a project could not be read. */
export type ProjectChecks = { readonly checks: readonly FileCheck[] } | { readonly error: string };

/**
 * Reads the projects and checks their files.
 *
 * @example
 * ```ts
 * const result = await checkProjects(["/p/tsconfig.json"], install, false);
 * ```
 */
export async function checkProjects(
  configFiles: readonly string[],
  install: TypeScriptInstall,
  followReferences: boolean,
  reading: NativeReading = "program",
): Promise<ProjectChecks> {
  const checks: FileCheck[] = [];
  const seenFiles = new Set<string>();
  const seenConfigs = new Set<string>();
  const queue = [...configFiles];
  for (let configFile = queue.shift(); configFile !== undefined; configFile = queue.shift()) {
    if (seenConfigs.has(configFile)) continue;
    seenConfigs.add(configFile);
    const project = await readProject(configFile, install, reading);
    if ("error" in project) return project;
    if (followReferences) queue.push(...project.references);
    for (const file of project.files) {
      if (seenFiles.has(file)) continue;
      seenFiles.add(file);
      let text = project.texts?.get(file);
      try {
        text ??= readFileSync(file, "utf8");
      } catch (error) {
        return { error: `cannot read ${file}: ${(error as Error).message}` };
      }
      checks.push(checkSource(file, text, project.host));
    }
  }
  return { checks: checks.sort((a, b) => a.fileName.localeCompare(b.fileName)) };
}

/**
 * Why a project (with `--build`, its references too) cannot be read, or
 * `undefined`: the tsconfig's own diagnostics, which a `"config"` reading
 * leaves to tsc.
 *
 * @example
 * ```ts
 * await projectProblem(["/p/tsconfig.json"], install, false); // "/p/tsconfig.json is not a valid tsconfig: …"
 * ```
 */
export async function projectProblem(
  configFiles: readonly string[],
  install: TypeScriptInstall,
  followReferences: boolean,
): Promise<string | undefined> {
  const queue = [...configFiles];
  const seen = new Set<string>();
  for (let configFile = queue.shift(); configFile !== undefined; configFile = queue.shift()) {
    if (seen.has(configFile)) continue;
    seen.add(configFile);
    const project = await readProject(configFile, install);
    if ("error" in project) return project.error;
    if (followReferences) queue.push(...project.references);
  }
  return undefined;
}
