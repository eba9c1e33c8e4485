/**
 * `wymcp/transformer` — the build-time check for projects compiled with
 * `tsc` through ts-patch (`tspc`), and the editor plugin behind
 * `wymcp/ts-plugin`. One CommonJS function, told apart by its arguments:
 *
 * - `(program, host, config, { ts })` — ts-patch's program transformer
 *   (`"transformProgram": true`, the documented form): the program's
 *   semantic diagnostics gain one error per action-schema offence, in every
 *   mode (`tspc`, `--noEmit`, `--incremental`, `-b`).
 * - `(program, config, { ts, addDiagnostic })` — ts-patch's source
 *   transformer: the same errors, but only when JS is emitted.
 * - `({ typescript })` — tsserver's language-service plugin factory.
 *
 * @example
 * ```json
 * { "compilerOptions": { "plugins": [
 *   { "transform": "wymcp/transformer", "transformProgram": true },
 *   { "name": "wymcp/ts-plugin" }
 * ] } }
 * ```
 */
import type ts from "typescript";

type Core = typeof import("./core.js");

let loaded: Core | undefined;

/** The ES-module core; Node ≥ 20.19 (and ≥ 22.12) can `require()` it. */
function core(): Core {
  if (loaded !== undefined) return loaded;
  try {
    loaded = require("./core.js") as Core;
    return loaded;
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_REQUIRE_ESM") throw error;
    throw new Error(
      `wymcp/transformer needs Node.js >= 20.19 or >= 22.12 (it loads ES modules with require()); this is Node.js ${process.version}. ` +
        "In VS Code, point typescript.tsserver.nodePath at a recent Node.js.",
      { cause: error },
    );
  }
}

/** The extras ts-patch passes a program transformer. */
interface ProgramTransformerExtras {
  readonly ts: typeof ts;
}

/** The extras ts-patch passes a source transformer. */
interface SourceTransformerExtras {
  readonly ts: typeof ts;
  addDiagnostic(diagnostic: ts.Diagnostic): number;
}

/** What tsserver passes a language-service plugin factory. */
interface PluginModules {
  readonly typescript: typeof ts;
}

/** The language-service plugin factory (tsserver). */
function wymcp(modules: PluginModules): ts.server.PluginModule;
/** The program transformer (`"transformProgram": true`): returns the program, its semantic diagnostics extended. */
function wymcp(program: ts.Program, host: ts.CompilerHost | undefined, config: object, extras: ProgramTransformerExtras): ts.Program;
/** The source transformer: reports each emitted file's offences through `addDiagnostic`. */
function wymcp(program: ts.Program, config: object, extras: SourceTransformerExtras): ts.TransformerFactory<ts.SourceFile>;
function wymcp(...args: unknown[]): unknown {
  const [first, , third, fourth] = args;
  if (args.length === 1 && isPluginModules(first)) {
    if (!hasCompilerApi(first.typescript)) return disabledPlugin(NO_JS_COMPILER);
    return languageServicePlugin(first.typescript);
  }
  const given = hasTs(fourth) ? fourth.ts : hasTs(third) ? third.ts : undefined;
  if (isProgram(first) && given !== undefined && !hasCompilerApi(given)) throw oneLineError(NO_JS_COMPILER);
  if (isProgram(first) && hasTs(fourth)) return core().extendDiagnostics(first, fourth.ts);
  if (isProgram(first) && hasTs(third) && typeof (third as Partial<SourceTransformerExtras>).addDiagnostic === "function") {
    return core().sourceTransformer(first, third as SourceTransformerExtras);
  }
  throw new TypeError(
    "wymcp/transformer: unexpected arguments. " +
      'In tsconfig.json use { "transform": "wymcp/transformer", "transformProgram": true } with tspc, ' +
      'and { "name": "wymcp/ts-plugin" } for the editor.',
  );
}

/**
 * What TypeScript 7 (the native compiler) gets instead of the check: it has
 * no JS compiler for ts-patch to patch nor a tsserver to load plugins, and
 * its `typescript` module is only the version.
 */
const NO_JS_COMPILER =
  "wymcp: TypeScript 7 runs no compiler plugins (ts-patch, tsserver): build with `wymcp tsc` " +
  "(npx wymcp tsc [tsc's arguments]) and see offences in the editor with the ESLint plugin (wymcp/eslint); see docs/typescript.md";

/** Whether a `typescript` module is the JS compiler (5.x, 6.x), not TypeScript 7's version-only module. */
function hasCompilerApi(typescript: typeof ts): boolean {
  const candidate = typescript as Partial<typeof ts>;
  return typeof candidate.createProgram === "function" && typeof candidate.DiagnosticCategory === "object";
}

/** An error that prints as its one line: no stack (the frames would be ours and the host's, saying nothing). */
function oneLineError(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

/** A plugin that leaves the language service as it is and says why in the tsserver log. */
function disabledPlugin(reason: string): ts.server.PluginModule {
  return {
    create(info) {
      info.project.projectService.logger.info(`[wymcp] language-service plugin disabled: ${reason}`);
      return info.languageService;
    },
  };
}

/** The tsserver plugin; when the core cannot load, a plugin that leaves the language service as it is and says why in the tsserver log. */
function languageServicePlugin(typescript: typeof ts): ts.server.PluginModule {
  try {
    return core().languageServicePlugin(typescript);
  } catch (error) {
    return disabledPlugin(error instanceof Error ? error.message : String(error));
  }
}

function isPluginModules(value: unknown): value is PluginModules {
  return (
    typeof value === "object" && value !== null && typeof (value as Partial<PluginModules>).typescript === "object" && !isProgram(value)
  );
}

function isProgram(value: unknown): value is ts.Program {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Partial<ts.Program>).getSourceFiles === "function" &&
    typeof (value as Partial<ts.Program>).getSemanticDiagnostics === "function"
  );
}

function hasTs(value: unknown): value is ProgramTransformerExtras {
  return typeof value === "object" && value !== null && typeof (value as Partial<ProgramTransformerExtras>).ts === "object";
}

export = wymcp;
