/**
 * Real builds of the plugin fixtures with each bundler's JS API, in
 * process. Every build writes to its own directory under `test/.tmp/` and
 * reports either the built file or the text of every error it printed, with
 * the locations the bundler attached.
 */
import { mkdirSync, rmSync } from "node:fs";
import { basename, isAbsolute, join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { WymcpPluginOptions } from "../plugin/bundler/options.js";
import wymcpEsbuild from "../plugin/bundler/esbuild/esbuild.js";
import wymcpRolldown from "../plugin/bundler/rollup-family/rolldown.js";
import wymcpRollup from "../plugin/bundler/rollup-family/rollup.js";
import wymcpRspack from "../plugin/bundler/webpack/rspack.js";
import wymcpVite from "../plugin/bundler/rollup-family/vite.js";
import wymcpWebpack from "../plugin/bundler/webpack/webpack.js";

export const repo = fileURLToPath(new URL("..", import.meta.url));
export const fixtures = join(repo, "test/fixtures/plugin");
/** The runtime entry the test builds alias `wymcp` to: its sources. */
export const runtimeEntry = join(repo, "src/index.ts");

export type Bundler = "vite" | "rollup" | "rolldown" | "esbuild" | "webpack" | "rspack";
export const bundlers: readonly Bundler[] = ["vite", "rollup", "rolldown", "esbuild", "webpack", "rspack"];

/** A location a bundler attached to an error (column as the bundler counts it: from 0). */
export interface BundlerLocation {
  readonly file: string | undefined;
  readonly line: number;
  readonly column: number;
}

export type BuildResult =
  | { readonly ok: true; readonly output: string }
  | { readonly ok: false; readonly messages: readonly string[]; readonly locations: readonly BundlerLocation[]; readonly printed: string };

/** What a build is given besides its fixture. */
export interface BuildOptions {
  /** `false`: build without wymcp. */
  readonly plugin?: boolean;
  readonly pluginOptions?: WymcpPluginOptions;
  /** Aliases in the bundler's own configuration (Rollup has none of its own: a `resolveId` plugin, as `@rollup/plugin-alias` does it), a prefix to an absolute path. */
  readonly alias?: Readonly<Record<string, string>>;
}

/**
 * esbuild's options for an in-memory bundle of `entry`, wymcp aliased to its
 * sources; a test adds its plugins and whatever else it varies.
 */
export function esbuildInMemory(entry: string): import("esbuild").BuildOptions & { write: false } {
  return {
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    alias: { wymcp: runtimeEntry },
    logLevel: "silent",
  };
}

/** Builds `src/index.ts` of `test/fixtures/plugin/<fixture>` (or of the folder, when `fixture` is an absolute path) with one bundler. */
export async function build(bundler: Bundler, fixture: string, options: BuildOptions = {}): Promise<BuildResult> {
  const root = isAbsolute(fixture) ? fixture : join(fixtures, fixture);
  const entry = join(root, "src/index.ts");
  const outDir = join(repo, "test/.tmp/builds", `${basename(fixture)}-${bundler}-${options.plugin === false ? "bare" : "wymcp"}`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const withPlugin = options.plugin !== false;
  const pluginOptions = options.pluginOptions;
  const alias = options.alias ?? {};
  switch (bundler) {
    case "vite":
      return viteBuild(root, entry, outDir, withPlugin ? [wymcpVite(pluginOptions)] : [], alias);
    case "rollup":
      return rollupBuild(entry, outDir, withPlugin ? [wymcpRollup(pluginOptions)] : [], alias);
    case "rolldown":
      return rolldownBuild(entry, outDir, withPlugin ? [wymcpRolldown(pluginOptions)] : [], alias);
    case "esbuild":
      return esbuildBuild(entry, outDir, withPlugin ? [wymcpEsbuild(pluginOptions)] : [], alias);
    case "webpack":
    case "rspack":
      return webpackLikeBuild(
        bundler,
        root,
        entry,
        outDir,
        withPlugin ? [(bundler === "webpack" ? wymcpWebpack : wymcpRspack)(pluginOptions)] : [],
        alias,
      );
  }
}

type Alias = Readonly<Record<string, string>>;

function failure(messages: string[], locations: BundlerLocation[], printed = messages.join("\n")): BuildResult {
  return { ok: false, messages, locations, printed };
}

interface LocatedError {
  message?: string;
  loc?: { file?: string; line: number; column: number };
  id?: string;
  errors?: { message?: string; loc?: { file?: string; line: number; column: number } }[];
}

async function viteBuild(root: string, entry: string, outDir: string, plugins: unknown[], alias: Alias): Promise<BuildResult> {
  const { build: viteBuildApi } = await import("vite");
  try {
    await viteBuildApi({
      root,
      configFile: false,
      logLevel: "silent",
      resolve: {
        alias: [
          { find: /^wymcp$/, replacement: runtimeEntry },
          ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
        ],
      },
      plugins: plugins as never,
      build: { outDir, emptyOutDir: true, minify: false, target: "node22", lib: { entry, formats: ["es"], fileName: () => "index.mjs" } },
    });
    return { ok: true, output: join(outDir, "index.mjs") };
  } catch (error) {
    return fromThrown(error as LocatedError);
  }
}

/** Rollup reads neither TypeScript, nor `.js` specifiers of `.ts` files, nor JSON: a tiny resolver and type stripper (JSON as `@rollup/plugin-json` makes it), placed *before* wymcp to prove positions come from the original source. */
function rollupTypeScript() {
  return {
    name: "test-typescript",
    resolveId(source: string, importer: string | undefined) {
      if (source === "wymcp") return runtimeEntry;
      if (importer === undefined || !(source.startsWith(".") || isAbsolute(source))) return null;
      const base = resolve(importer, "..", source);
      for (const candidate of [base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts")]) {
        if (ts.sys.fileExists(candidate)) return candidate;
      }
      return null;
    },
    transform(code: string, id: string) {
      // JSON modules as `@rollup/plugin-json` makes them (Rollup reads only JavaScript).
      if (id.endsWith(".json")) return `export default ${code};`;
      if (!id.endsWith(".ts")) return null;
      return ts.transpileModule(code, { fileName: id, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
        .outputText;
    },
  };
}

/** Rollup's aliases, as `@rollup/plugin-alias` makes them: a `resolveId` that hands the replaced specifier on to the other plugins. */
function rollupAlias(alias: Alias): import("rollup").Plugin {
  return {
    name: "test-alias",
    resolveId(source, importer) {
      for (const [find, replacement] of Object.entries(alias)) {
        if (source === find || source.startsWith(`${find}/`))
          return this.resolve(replacement + source.slice(find.length), importer, { skipSelf: true });
      }
      return null;
    },
  };
}

async function rollupBuild(entry: string, outDir: string, plugins: unknown[], alias: Alias): Promise<BuildResult> {
  const { rollup } = await import("rollup");
  try {
    const bundle = await rollup({
      input: entry,
      plugins: [rollupAlias(alias), rollupTypeScript(), ...(plugins as never[])],
      // Silent as the other bundlers here: the plugin's summary (an info log) would reach the test run's output.
      logLevel: "silent",
    });
    await bundle.write({ file: join(outDir, "index.mjs"), format: "es" });
    await bundle.close();
    return { ok: true, output: join(outDir, "index.mjs") };
  } catch (error) {
    return fromThrown(error as LocatedError);
  }
}

async function rolldownBuild(entry: string, outDir: string, plugins: unknown[], alias: Alias): Promise<BuildResult> {
  const { build: rolldownBuildApi } = await import("rolldown");
  try {
    await rolldownBuildApi({
      input: entry,
      logLevel: "silent",
      resolve: { alias: { wymcp: runtimeEntry, ...alias }, extensionAlias: { ".js": [".ts", ".js"] } },
      plugins: plugins as never,
      output: { file: join(outDir, "index.mjs"), format: "es" },
    });
    return { ok: true, output: join(outDir, "index.mjs") };
  } catch (error) {
    return fromThrown(error as LocatedError);
  }
}

async function esbuildBuild(entry: string, outDir: string, plugins: unknown[], alias: Alias): Promise<BuildResult> {
  const esbuild = await import("esbuild");
  try {
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: "esm",
      platform: "node",
      outfile: join(outDir, "index.mjs"),
      alias: { wymcp: runtimeEntry, ...alias },
      logLevel: "silent",
      plugins: plugins as never,
    });
    return { ok: true, output: join(outDir, "index.mjs") };
  } catch (error) {
    const errors = (error as { errors?: { text: string; location: { file: string; line: number; column: number } | null }[] }).errors ?? [];
    return failure(
      errors.map((message) => message.text),
      errors.flatMap((message) =>
        message.location === null ? [] : [{ file: message.location.file, line: message.location.line, column: message.location.column }],
      ),
    );
  }
}

/** A thrown Rollup-style error: its message and `loc`; Rolldown and Vite may aggregate several in `errors`. */
function fromThrown(error: LocatedError): BuildResult {
  const parts = error.errors && error.errors.length > 0 ? error.errors : [error];
  return failure(
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a part without a message is shown as the bundler made it
    parts.map((part) => part.message ?? String(part)),
    parts.flatMap((part) => (part.loc === undefined ? [] : [{ file: part.loc.file, line: part.loc.line, column: part.loc.column }])),
    String(error.message),
  );
}

async function webpackLikeBuild(
  bundler: "webpack" | "rspack",
  root: string,
  entry: string,
  outDir: string,
  plugins: unknown[],
  alias: Alias,
): Promise<BuildResult> {
  const compile = bundler === "webpack" ? (await import("webpack")).default : (await import("@rspack/core")).rspack;
  const loader =
    bundler === "webpack"
      ? { loader: join(fixtures, "ts-loader.cjs") }
      : { loader: "builtin:swc-loader", options: { jsc: { parser: { syntax: "typescript" }, target: "es2022" } } };
  const config = {
    mode: "none",
    context: root,
    entry,
    target: "node",
    devtool: false,
    output: { path: outDir, filename: "index.cjs", library: { type: "commonjs2" } },
    resolve: { alias: { wymcp$: runtimeEntry, ...alias }, extensions: [".ts", ".js"], extensionAlias: { ".js": [".ts", ".js"] } },
    module: { rules: [{ test: /\.ts$/, ...loader }] },
    plugins,
    infrastructureLogging: { level: "none" },
  };
  const stats = await new Promise<{
    hasErrors(): boolean;
    toJson(options: unknown): { errors?: { message: string; moduleName?: string; loc?: string }[] };
    toString(options: unknown): string;
  }>((done, fail) => {
    const compiler = (
      compile as unknown as (options: unknown) => {
        run(callback: (error: Error | null, stats: never) => void): void;
        close(callback: () => void): void;
      }
    )(config);
    compiler.run((error, result) => compiler.close(() => (error ? fail(error) : done(result))));
  });
  if (!stats.hasErrors()) return { ok: true, output: join(outDir, "index.cjs") };
  const errors = stats.toJson({ all: false, errors: true, moduleTrace: false }).errors ?? [];
  return failure(
    errors.map((error) => error.message),
    errors.flatMap((error) => locationOf(error.loc, error.moduleName)),
    stats.toString({ all: false, errors: true, colors: false }),
  );
}

/** webpack's `loc` text, `12:6` or `12:6-10`, with a 0-based column as given. */
function locationOf(loc: string | undefined, file: string | undefined): BundlerLocation[] {
  const match = /^(\d+):(\d+)/.exec(loc ?? "");
  return match === null ? [] : [{ file, line: Number(match[1]), column: Number(match[2]) }];
}

/** Every offence of the malformed fixture, as each bundler must list it: per tool in source order, the file's own offences before those of the constants it imports (paths relative to the repository). */
export const MALFORMED_OFFENCES: readonly string[] = [
  'test/fixtures/plugin/malformed/src/tools.ts:11:13  actions["create"]: missing mandatory key "description". Fix: add description: "What create does, in one line".',
  'test/fixtures/plugin/malformed/src/tools.ts:12:7  actions["create"]: unknown key "descripton". Fix: did you mean "description"? Known keys: description, properties, required, requiredOneOf, defaults, notes, related, examples.',
  'test/fixtures/plugin/malformed/src/tools.ts:15:39  actions["create"].properties["tags"]: "items" is a string. Fix: write a schema object such as { type: "string" }, or an array of schemas.',
  'test/fixtures/plugin/malformed/src/tools.ts:17:26  actions["create"].required: "due" is not declared in properties. Fix: declare "due" in properties, or remove it from required.',
  'test/fixtures/plugin/malformed/src/tools.ts:22:30  actions["list"].defaults: default key "colour" is not declared in properties. Fix: declare "colour" in properties, or remove it from defaults.',
  'test/fixtures/plugin/malformed/src/shared.ts:7:59  actions["create"].properties["name"]: "properties" is an array. Fix: write an object mapping each property name to its schema.',
  'test/fixtures/plugin/malformed/src/tools.ts:33:20  actions["add"]: "description" contains a line break. Fix: keep the description on one line; put longer guidance in notes.',
];

/**
 * The `file:line:col  …` lines of an error text, without the decorations some
 * bundlers add: Rspack's `│`, and the colours it adds even with `colors: false`
 * when `CI` is set.
 */
export function offenceLines(text: string): string[] {
  return stripVTControlCharacters(text)
    .split("\n")
    .map((line) => line.replace(/^[\s│×]+/, ""))
    .filter((line) => /^\S+:\d+:\d+ {2}/.test(line));
}
