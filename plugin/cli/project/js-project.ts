/**
 * A tsconfig read through TypeScript's JS compiler API (5.9, 6.x): the
 * parsed command line, a program over it (the compiler's own file list),
 * and the program host the `tspc` transformer uses for module resolution.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type ts from "typescript";
import { programHost } from "../../typescript/host.js";
import { apiChanged } from "./api-shape.js";
import { isOwnSource, type ProjectError, type ProjectFiles } from "./project.js";
import type { TypeScriptInstall } from "./typescript-install.js";

/** "No inputs were found in config file": an empty project, nothing to check rather than bad input. */
const NO_INPUTS = 18003;

/** Reads a project with TypeScript 5.9 or 6.x. */
export function jsProject(configFile: string, install: TypeScriptInstall): ProjectFiles | ProjectError {
  const tsApi = createRequire(path.join(install.folder, "package.json"))(install.folder) as typeof ts;
  if (typeof tsApi.getParsedCommandLineOfConfigFile !== "function" || typeof tsApi.createProgram !== "function")
    return { error: apiChanged(install, "getParsedCommandLineOfConfigFile and createProgram") };
  let failure: ts.Diagnostic | undefined;
  const parsed = tsApi.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    { ...tsApi.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => (failure = diagnostic) },
  );
  // A JSON syntax error sits in the config file's own parse diagnostics, not in `errors`.
  const syntax = (parsed?.options.configFile as { parseDiagnostics?: readonly ts.Diagnostic[] } | undefined)?.parseDiagnostics ?? [];
  const problem =
    failure ??
    [...syntax, ...(parsed?.errors ?? [])].find(
      (diagnostic) => diagnostic.category === tsApi.DiagnosticCategory.Error && diagnostic.code !== NO_INPUTS,
    );
  if (parsed === undefined || problem !== undefined) return { error: brokenConfig(tsApi, configFile, problem) };
  const program = tsApi.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
  });
  const files = program
    .getSourceFiles()
    .filter(
      (file) => !program.isSourceFileFromExternalLibrary(file) && !program.isSourceFileDefaultLibrary(file) && isOwnSource(file.fileName),
    )
    .map((file) => path.resolve(file.fileName));
  const host = programHost(program, tsApi);
  return {
    configFile,
    files,
    host: {
      getSourceFile: (fileName) => host.getSourceFile(fileName.split(path.sep).join("/")),
      resolveModule: (specifier, containingFile) => {
        const resolved = host.resolveModule(specifier, containingFile.split(path.sep).join("/"));
        return resolved === undefined ? undefined : path.resolve(resolved);
      },
    },
    references: (parsed.projectReferences ?? []).map((reference) => tsApi.resolveProjectReferencePath(reference)),
  };
}

function brokenConfig(tsApi: typeof ts, configFile: string, diagnostic: ts.Diagnostic | undefined): string {
  const text = diagnostic === undefined ? "it cannot be read" : tsApi.flattenDiagnosticMessageText(diagnostic.messageText, " ");
  let where = "";
  if (diagnostic?.file !== undefined && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    where = `(${line + 1},${character + 1})`;
  }
  return `${configFile}${where} is not a valid tsconfig: ${text} Fix it, or name another with -p/--project`;
}
