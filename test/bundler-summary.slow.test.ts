/**
 * What each of the six bundlers prints with the wymcp plugin, run as its
 * user runs it (a process in a fresh project, the packed package): a clean
 * build says how much was checked in one line, which `summary: false`
 * silences; an `include` that matches no module warns; offences are printed
 * once, without a stack trace, and every line:column the bundler prints
 * names a position the message names (columns counted from 1).
 */
import { describe, expect, test } from "vitest";
import { runNode, scratchProject, type Ran } from "./support/scratch-project.js";

const TOOL = (name: string, description = "description") =>
  `defineTool({ name: "${name}", description: "T", handlers: { a: async () => 1 }, actions: { a: { ${description}: "A", properties: {} } } })`;

const SOURCES = {
  "src/index.js":
    'import { a1, a2 } from "./tools/a.js";\nimport { b } from "./tools/b.js";\nimport { twice } from "./util.js";\nexport const tools = [a1, a2, b, twice];\n',
  "src/tools/a.js": `import { defineTool } from "wymcp";\nexport const a1 = ${TOOL("a1")};\nexport const a2 = ${TOOL("a2")};\n`,
  "src/tools/b.js": `import { defineTool } from "wymcp";\nexport const b = ${TOOL("b")};\n`,
  "src/util.js": "export const twice = 2;\n",
};
const MALFORMED_B = `import { defineTool } from "wymcp";\nexport const b = ${TOOL("b", "descripton")};\n`;
/** Where the message places things in MALFORMED_B, line:column from 1: the missing description (at the action's `{`), the misspelt key, the tool. */
const LINE_2 = MALFORMED_B.split("\n")[1]!;
const MISSING_AT = `2:${LINE_2.indexOf("{ descripton") + 1}`;
const MISSPELT_AT = `2:${LINE_2.indexOf("descripton") + 1}`;
const TOOL_AT = `2:${LINE_2.indexOf("defineTool") + 1}`;

/** What the check itself needs installed beside the bundler (the README's Quick start installs it too). */
/** What the check needs besides the bundler: nothing (oxc-parser comes with wymcp). */
const CHECK_PEERS: string[] = [];

type Bundler = "vite" | "rollup" | "rolldown" | "esbuild" | "webpack" | "rspack";

/** Each bundler's configuration file and the command its users run, the plugin's options spliced in. */
const SETUPS: Record<Bundler, { package: string; file: string; config: (options: string) => string; command: string[] }> = {
  vite: {
    package: "vite",
    file: "vite.config.mjs",
    config: (options) =>
      `import wymcp from "wymcp/vite";\nexport default { build: { ssr: "src/index.js", outDir: "dist" }, plugins: [wymcp(${options})] };\n`,
    command: ["node_modules/vite/bin/vite.js", "build"],
  },
  rollup: {
    package: "rollup",
    file: "rollup.config.mjs",
    config: (options) =>
      `import wymcp from "wymcp/rollup";\nexport default { input: "src/index.js", output: { dir: "dist" }, external: [/^wymcp/], plugins: [wymcp(${options})] };\n`,
    command: ["node_modules/rollup/dist/bin/rollup", "-c", "rollup.config.mjs"],
  },
  rolldown: {
    package: "rolldown",
    file: "rolldown.config.mjs",
    config: (options) =>
      `import wymcp from "wymcp/rolldown";\nexport default { input: "src/index.js", output: { dir: "dist" }, external: [/^wymcp/], plugins: [wymcp(${options})] };\n`,
    command: ["node_modules/rolldown/bin/cli.mjs", "-c", "rolldown.config.mjs"],
  },
  esbuild: {
    package: "esbuild",
    file: "build.mjs",
    config: (options) =>
      `import { build } from "esbuild";\nimport wymcp from "wymcp/esbuild";\nawait build({ entryPoints: ["src/index.js"], bundle: true, platform: "node", format: "esm", packages: "external", outdir: "dist", plugins: [wymcp(${options})] }).catch(() => process.exit(1));\n`,
    command: ["build.mjs"],
  },
  webpack: {
    package: "webpack",
    file: "build.mjs",
    config: (options) => webpackLike("webpack", '(await import("webpack")).default', options),
    command: ["build.mjs"],
  },
  rspack: {
    package: "@rspack/core",
    file: "build.mjs",
    config: (options) => webpackLike("rspack", '(await import("@rspack/core")).rspack', options),
    command: ["build.mjs"],
  },
};

/** A webpack or Rspack build through the JavaScript API, printing what their CLIs print (the stats, the infrastructure log). */
function webpackLike(entry: string, compiler: string, options: string): string {
  return `import wymcp from "wymcp/${entry}";
const compile = ${compiler};
compile({ mode: "none", context: process.cwd(), entry: "./src/index.js", target: "node", externals: { wymcp: "commonjs wymcp" }, output: { path: process.cwd() + "/dist" }, plugins: [wymcp(${options})] }, (error, stats) => {
  if (error) throw error;
  console.log(stats.toString({ colors: false }));
  process.exitCode = stats.hasErrors() ? 1 : 0;
});
`;
}

const BUNDLERS = Object.keys(SETUPS) as Bundler[];

function build(bundler: Bundler, options: string, sources: Record<string, string> = SOURCES): Ran & { printed: string } {
  const setup = SETUPS[bundler];
  const root = scratchProject(
    { ...sources, "package.json": '{ "name": "scratch", "type": "module" }\n', [setup.file]: setup.config(options) },
    [setup.package, ...CHECK_PEERS],
  );
  const ran = runNode(root, setup.command);
  return { ...ran, printed: `${ran.stdout}\n${ran.stderr}` };
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

describe.each(BUNDLERS)("%s", (bundler) => {
  test("a clean build prints one summary line; summary: false silences it", () => {
    const clean = build(bundler, "");
    expect(clean.code, clean.printed).toBe(0);
    expect(occurrences(clean.printed, "3 tools in 2 files checked")).toBe(1);
    expect(clean.printed).toMatch(/(?:wymcp: |\[wymcp\] |\[plugin wymcp\] |\(wymcp plugin\) )3 tools in 2 files checked/);
    const quiet = build(bundler, "{ summary: false }");
    expect(quiet.code, quiet.printed).toBe(0);
    expect(quiet.printed).not.toContain("files checked");
  }, 120_000);

  test("an include that matches none of the build's modules warns", () => {
    const { code, printed } = build(bundler, '{ include: ["lib/**"] }');
    expect(code, printed).toBe(0);
    expect(occurrences(printed, "the include option matched none of the build's")).toBe(1);
  }, 60_000);

  test("offences are printed once, without a stack trace, and every position printed is one the message names", () => {
    const { code, printed } = build(bundler, "", { ...SOURCES, "src/tools/b.js": MALFORMED_B });
    expect(code).not.toBe(0);
    const body = [...printed.matchAll(/src\/tools\/b\.js:(\d+):(\d+) {2}actions\["a"\]/g)].map((match) => `${match[1]}:${match[2]}`);
    expect(body).toEqual([MISSING_AT, MISSPELT_AT]);
    expect(occurrences(printed, 'unknown key "descripton"')).toBe(1);
    // The bundler's own header (`b.js:2:106`, `b.js (2:106)`, `./src/tools/b.js 2:106`) counts as the message does.
    const positions = [...printed.matchAll(/b\.js(?::| \(| )(\d+):(\d+)/g)].map((match) => `${match[1]}:${match[2]}`);
    expect(positions.length).toBeGreaterThan(body.length + 1);
    for (const position of positions) expect([MISSING_AT, MISSPELT_AT, TOOL_AT], printed).toContain(position);
    expect(printed).not.toMatch(/^\s+at .*wymcp[\\/]dist/m);
    // Vite and Rolldown print the frames of their own error wrapper after any plugin's error.
    if (bundler !== "vite" && bundler !== "rolldown") expect(printed).not.toMatch(/^\s+at /m);
  }, 60_000);
});
