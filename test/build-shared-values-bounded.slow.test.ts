/**
 * Values shared many times over end, everywhere: `const w1 = [w0, w0]` …
 * `w40` is a 2 KB file of 41 objects, yet 2^40 values to whatever walks it
 * as a tree. Used as an `enum`, a `const`, a JSON Schema `default`, an
 * action's `defaults` or an example, it made `wymcp check`, every bundler
 * and `createRouter` run for ever. Now the build reports the value as
 * unknown past the evaluation budget (the file partly checked, never
 * passed), and registration refuses it with a `too_large` offence naming
 * the bound. Processes run under a generous timeout; the tests assert they
 * ended by themselves, with that output.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import wymcpEsbuild from "../plugin/bundler/esbuild/esbuild.js";
import wymcpVite from "../plugin/bundler/rollup-family/vite.js";
import { esbuildInMemory, repo, runtimeEntry } from "./plugin-builds.js";
import { project } from "./plugin-support.js";
import { runCli } from "./support/cli-process.js";

const SHARED = ['const w0 = "x";', ...Array.from({ length: 40 }, (_, index) => `const w${index + 1} = [w${index}, w${index}];`)].join("\n");

/** Where the shared value is used: a keyword of a property schema, an action's defaults, an example. */
const USES: readonly (readonly [string, string])[] = [
  ["an enum", `properties: { p: { enum: [w40] } }`],
  ["a const", `properties: { p: { const: w40 } }`],
  ["a JSON Schema default", `properties: { p: { type: "array", default: w40 } }`],
  ["an action's defaults", `properties: { p: { type: "array" } }, defaults: { p: w40 }`],
  ["an example", `properties: { p: { type: "array" } }, examples: [{ p: w40 }]`],
];

const source = (use: string) =>
  `import { defineTool } from "wymcp";\n${SHARED}\nexport const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { description: "A", ${use} } } });\n`;
const BUDGET =
  /the evaluation budget of the file \(1048576 values and characters used by name, a shared value counted at every use\) is spent/;

describe("the build check ends, and says the shared value was not checked", () => {
  test.each(USES)(
    "wymcp check, %s: partly evaluated, exit 0 with the budget named",
    (_name, use) => {
      const root = project({ "src/tools.ts": source(use) });
      const { code, signal, stdout } = runCli(["check", "src"], root, 180_000);
      expect(signal).toBeNull();
      expect(code).toBe(0);
      expect(stdout).toMatch(/Partly evaluated/);
      expect(stdout).toMatch(new RegExp(`src/tools\\.ts:43:\\d+ {2}w40: ${BUDGET.source}`));
    },
    200_000,
  );

  test("esbuild and Vite: the build ends with the plugin's warning naming the budget", async () => {
    const root = project({ "src/index.ts": source(USES[0]![1]) });
    const esbuild = await import("esbuild");
    const built = await esbuild.build({ ...esbuildInMemory(join(root, "src/index.ts")), plugins: [wymcpEsbuild({ cache: false })] });
    expect(built.warnings.map((warning) => warning.text).join("\n")).toMatch(BUDGET);
    const { build } = await import("vite");
    const warnings: string[] = [];
    await build({
      root,
      configFile: false,
      logLevel: "silent",
      resolve: { alias: [{ find: /^wymcp$/, replacement: runtimeEntry }] },
      plugins: [wymcpVite({ cache: false })],
      build: {
        write: false,
        target: "node22",
        ssr: join(root, "src/index.ts"),
        rollupOptions: { onwarn: (warning) => warnings.push(String(warning.message)) },
      },
    });
    expect(warnings.join("\n")).toMatch(BUDGET);
  }, 200_000);
});

describe("registration ends, and refuses the value with the bound", () => {
  test.each(USES)(
    "createRouter, %s built in code: a registration error naming 2^20 values and characters",
    (_name, use) => {
      const script = [
        `import { createRouter, defineTool } from ${JSON.stringify(join(repo, "dist/src/index.js"))};`,
        `let w0 = "x"; ${Array.from({ length: 40 }, (_, index) => `const w${index + 1} = [w${index}, w${index}];`).join(" ")}`,
        `const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { description: "A", ${use} } } });`,
        `try { createRouter({ tools: [t] }); console.log("registered"); }`,
        `catch (error) { console.log(error.name, JSON.stringify(error.schemaErrors.flatMap((schemaError) => schemaError.offences))); }`,
      ].join("\n");
      const ran = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 180_000 });
      expect(ran.signal).toBeNull();
      expect(ran.stderr).toBe("");
      expect(ran.stdout).toMatch(/^ToolRegistrationError /);
      expect(ran.stdout).toMatch(/"code":"too_large"/);
      expect(ran.stdout).toMatch(/more than 1048576 values and characters \(a shared value counts at every place\)/);
    },
    200_000,
  );
});
