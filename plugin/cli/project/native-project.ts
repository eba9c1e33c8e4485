/**
 * A tsconfig read through the TypeScript 7 API (the native compiler, run as
 * a child process over pipes): `typescript/sync` on 7.1 and later,
 * `typescript/unstable/sync` on 7.0. The file list comes from the compiler
 * (its program's, or the tsconfig's own files and what their imports reach:
 * `NativeReading`); imports resolve with the same tsconfig (`paths`,
 * extension aliases) through `./project-resolver.ts`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseSource, type ModuleHost } from "../../evaluator/modules.js";
import { apiChanged } from "./api-shape.js";
import { importClosure } from "./import-closure.js";
import { isOwnSource, type ProjectError, type ProjectFiles } from "./project.js";
import { projectResolver } from "./project-resolver.js";
import type { TypeScriptInstall } from "./typescript-install.js";

/**
 * How much of the compiler's reading to ask for: `"program"`, its file list
 * and the tsconfig's diagnostics (a whole program, built in the API's
 * process); `"config"`, the tsconfig's own files and what their imports
 * reach, without diagnostics — for `wymcp tsc`, whose tsc reports them.
 */
export type NativeReading = "program" | "config";

/** The part of the 7.x API read here. */
interface NativeApi {
  parseConfigFile(file: string): { fileNames: string[]; options: Record<string, unknown> };
  updateSnapshot(params: { openProjects: string[] }): NativeSnapshot;
  close(): void;
}

interface NativeSnapshot {
  getProject(configFileName: string): NativeProject | undefined;
  getProjects(): readonly NativeProject[];
}

interface NativeProject {
  readonly program: {
    getSourceFileNames(): readonly string[];
    getConfigFileParsingDiagnostics?(): readonly NativeDiagnostic[];
  };
}

interface NativeDiagnostic {
  readonly code?: number;
  /** 1: error, as in the JS API's `DiagnosticCategory`. */
  readonly category?: number;
  readonly text?: string;
  readonly messageText?: unknown;
}

/** "No inputs were found in config file": an empty project, nothing to check rather than bad input (tsc says so itself). */
const NO_INPUTS = 18003;
const ERROR = 1;

/** The entry points of the API, newest first. */
const API_PATHS = ["typescript/sync", "typescript/unstable/sync"];

/** Reads a project with TypeScript 7. */
export async function nativeProject(
  configFile: string,
  install: TypeScriptInstall,
  reading: NativeReading = "program",
): Promise<ProjectFiles | ProjectError> {
  const API = await loadApi(install);
  if (API === undefined) return { error: apiChanged(install, `${API_PATHS.join(" or ")} exporting API`) };
  const api = new API({ cwd: path.dirname(configFile) });
  try {
    if (reading === "config") {
      if (typeof api.parseConfigFile !== "function") return { error: apiChanged(install, "API.parseConfigFile") };
      const resolve = projectResolver(configFile);
      const config = api.parseConfigFile(configFile);
      const roots = config.fileNames.filter(isOwnSource).map((file) => path.resolve(file));
      const texts = importClosure(roots, resolve, config.options.allowJs === true);
      return { configFile, files: [...texts.keys()], host: nativeHost(resolve, texts), references: referencesOf(configFile), texts };
    }
    if (typeof api.updateSnapshot !== "function") return { error: apiChanged(install, "API.updateSnapshot") };
    const snapshot = api.updateSnapshot({ openProjects: [configFile] });
    const project = snapshot.getProject(configFile) ?? snapshot.getProjects()[0];
    const program = project?.program;
    if (typeof program?.getSourceFileNames !== "function") return { error: apiChanged(install, "Program.getSourceFileNames") };
    const problem = program
      .getConfigFileParsingDiagnostics?.()
      .find((diagnostic) => (diagnostic.category ?? ERROR) === ERROR && diagnostic.code !== NO_INPUTS);
    if (problem !== undefined) return { error: brokenConfig(configFile, problem) };
    const files = program
      .getSourceFileNames()
      .filter(isOwnSource)
      .map((file) => path.resolve(file));
    return { configFile, files, host: nativeHost(projectResolver(configFile)), references: referencesOf(configFile) };
  } catch (error) {
    // The API reports an unreadable tsconfig (and a compiler that cannot start) by throwing.
    return { error: `TypeScript ${install.version} could not open ${configFile}: ${firstLine(error)}` };
  } finally {
    closeQuietly(api);
  }
}

/** The parts of the API's client `closeQuietly` reaches, where they exist. */
interface ApiClient {
  close?: () => void;
  channel?: { child?: { kill?: (signal: string) => unknown } };
}

/**
 * Closes the API. Its compiler process writes to our standard error, and on
 * `close()` (its pipes shut, then SIGTERM) it may print "context canceled"
 * before it dies: a line that is not ours to add to tsc's output. Where the
 * API's internals show its process, it is stopped with SIGKILL once the
 * snapshots are released, just before the pipes shut.
 */
function closeQuietly(api: NativeApi): void {
  const client = (api as { client?: ApiClient }).client;
  const child = client?.channel?.child;
  const close = client?.close;
  if (client !== undefined && typeof close === "function" && typeof child?.kill === "function") {
    client.close = () => {
      try {
        child.kill?.("SIGKILL");
      } catch {
        // Already gone: the pipes are released below all the same.
      }
      close.call(client);
    };
  }
  api.close();
}

async function loadApi(install: TypeScriptInstall): Promise<(new (options: { cwd: string }) => NativeApi) | undefined> {
  const require = createRequire(path.join(install.folder, "..", "..", "package.json"));
  for (const entry of API_PATHS) {
    let resolved: string;
    try {
      resolved = require.resolve(entry);
    } catch {
      continue;
    }
    const module = (await import(pathToFileURL(resolved).href)) as { API?: unknown };
    if (typeof module.API === "function") return module.API as new (options: { cwd: string }) => NativeApi;
  }
  return undefined;
}

/** Module host: the files from disk (or as the import closure already read them), imports resolved with this tsconfig. */
function nativeHost(resolve: ModuleHost["resolveModule"], texts?: ReadonlyMap<string, string | undefined>): ModuleHost {
  return {
    getSourceFile(fileName) {
      try {
        return parseSource(fileName, texts?.get(fileName) ?? readFileSync(fileName, "utf8"));
      } catch {
        return undefined;
      }
    },
    resolveModule: resolve,
  };
}

/** `references` of a tsconfig (for `--build`), read as JSON with comments; none when it cannot be read. */
function referencesOf(configFile: string): string[] {
  try {
    const text = readFileSync(configFile, "utf8")
      .replace(/\/\*[\s\S]*?\*\/|("(?:\\.|[^"\\])*")|\/\/[^\n]*/g, (match, string: string | undefined) => string ?? "")
      .replace(/,(\s*[}\]])/g, "$1");
    const references = (JSON.parse(text) as { references?: { path?: unknown }[] }).references ?? [];
    return references.flatMap((reference) => {
      if (typeof reference.path !== "string") return [];
      const target = path.resolve(path.dirname(configFile), reference.path);
      return [target.endsWith(".json") ? target : path.join(target, "tsconfig.json")];
    });
  } catch {
    return [];
  }
}

function brokenConfig(configFile: string, diagnostic: NativeDiagnostic): string {
  const text = diagnostic.text ?? (typeof diagnostic.messageText === "string" ? diagnostic.messageText : "it cannot be read");
  return `${configFile} is not a valid tsconfig: ${text} Fix it, or name another with -p/--project`;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
}
