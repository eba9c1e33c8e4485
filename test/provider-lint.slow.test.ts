/**
 * The provider lint at build time: `wymcp check --target …` and the esbuild
 * plugin's `targets` warn at the exact file:line:column of what a target
 * would reject or silently drop in the chosen listing mode, and fail with
 * `--target-errors` / `targetErrors`.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { run } from "../plugin/cli/run.js";
import wymcpEsbuild from "../plugin/bundler/esbuild/esbuild.js";
import { repo } from "./plugin-builds.js";
import { project } from "./plugin-support.js";

const SOURCE = `import { defineTool } from "wymcp";

export const tool = defineTool({
  name: "tasks.v2",
  description: "Tasks",
  actions: {
    add: {
      description: "Add a task",
      properties: {
        name: { type: "string", minLength: 1 },
        fields: { type: "object", additionalProperties: { type: "string" } },
        due: { type: "string", format: "date" },
      },
      required: ["name"],
    },
  },
  handlers: { add: () => ({}) },
});
`;

const root = project({ "src/index.ts": SOURCE });

function cli(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = "";
  let stderr = "";
  const code = run(["check", "src", ...argv], {
    stdout: (text) => (stdout += `${text}\n`),
    stderr: (text) => (stderr += `${text}\n`),
    cwd: root,
  });
  return { code, stdout, stderr };
}

const warningLines = (stdout: string) => stdout.split("\n").filter((line) => /^src\/index\.ts:\d+:\d+ {2}\w+ \w+:/.test(line));

describe("wymcp check --target", () => {
  test("compact: the tool name OpenAI refuses and the open data Gemini refuses, at the name; warnings keep exit 0", () => {
    const { code, stdout } = cli("--target", "openai,anthropic,gemini");
    expect(code).toBe(0);
    expect(warningLines(stdout)).toEqual([
      'src/index.ts:4:9  openai invalid_tool_name: OpenAI refuses the tool name "tasks.v2": it wants 1 to 64 letters, digits, _ or -. Fix: rename the tool.',
      'src/index.ts:4:9  anthropic invalid_tool_name: Anthropic refuses the tool name "tasks.v2": it wants 1 to 64 letters, digits, _ or -. Fix: rename the tool.',
      expect.stringMatching(/^src\/index\.ts:4:9 {2}gemini open_data: the compact listing's data is an object without properties/),
    ]);
    expect(stdout).toContain("3 provider warnings (openai, anthropic, gemini; listing compact)");
  });

  test("strict: each action's listed name at the action, the open map left out at its key, a keyword OpenAI does not enforce at the keyword", () => {
    const { code, stdout } = cli("--target=openai", "--listing=strict");
    expect(code).toBe(0);
    const lines = warningLines(stdout);
    expect(lines.map((line) => line.split("  ")[0] + " " + line.split("  ")[1]!.split(":")[0])).toEqual([
      "src/index.ts:7:5 openai invalid_tool_name",
      "src/index.ts:10:33 openai not_enforced",
      "src/index.ts:11:9 openai not_listed",
    ]);
    expect(lines[0]).toContain('refuses the tool name "tasks.v2_add"');
    expect(lines[1]).toContain('actions["add"]: OpenAI does not enforce "minLength"');
    expect(lines[2]).toContain("cannot express data.fields");
    // format "date" is enforced by OpenAI's strict mode: no warning.
    expect(stdout).not.toContain('"format"');
  });

  test("anthropic in strict mode: the same three places (date is a format its strict schemas keep)", () => {
    const { stdout } = cli("--target", "anthropic", "--listing", "strict");
    expect(warningLines(stdout).map((line) => line.split("  ")[0])).toEqual([
      "src/index.ts:7:5",
      "src/index.ts:10:33",
      "src/index.ts:11:9",
    ]);
  });

  test("gemini mode for gemini: dots are allowed in its names; the open map is still left out", () => {
    const { stdout } = cli("--target", "gemini", "--listing", "gemini");
    expect(warningLines(stdout)).toEqual([
      expect.stringMatching(
        /^src\/index\.ts:11:9 {2}gemini not_listed: actions\["add"\]: Gemini's gemini schemas cannot express data\.fields/,
      ),
    ]);
  });

  test("--target-errors makes the warnings fail the check", () => {
    expect(cli("--target", "openai", "--target-errors").code).toBe(1);
    expect(cli("--target", "openai", "--target-errors").stdout).toContain("1 provider error (openai; listing compact)");
  });

  test("JSON: the warnings as data, with their positions", () => {
    const { stdout } = cli("--target", "openai", "--listing", "strict", "--format", "json");
    const report = JSON.parse(stdout) as {
      providerWarnings: {
        file: string;
        line: number;
        column: number;
        code: string;
        target: string;
        action: string | null;
        path: unknown[];
        key: string;
      }[];
    };
    expect(
      report.providerWarnings.map(({ file, line, column, code, action, path, key }) => ({ file, line, column, code, action, path, key })),
    ).toEqual([
      { file: "src/index.ts", line: 7, column: 5, code: "invalid_tool_name", action: null, path: [], key: "add" },
      { file: "src/index.ts", line: 10, column: 33, code: "not_enforced", action: "add", path: ["properties", "name"], key: "minLength" },
      { file: "src/index.ts", line: 11, column: 9, code: "not_listed", action: "add", path: ["properties"], key: "fields" },
    ]);
  });

  test.each([
    [["--target", "azure"], 'unknown target "azure": use openai, anthropic or gemini'],
    [["--target", ""], "--target needs at least one of openai, anthropic, gemini"],
    [["--listing", "strict"], "--listing and --target-errors go with --target"],
    [["--target", "openai", "--listing", "flat"], '--listing takes compact, complete, strict or gemini, not "flat"'],
  ])("usage error %j", (argv, message) => {
    const { code, stderr } = cli(...argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});

describe("the esbuild plugin's targets", () => {
  async function esbuild(options: object) {
    const { build } = await import("esbuild");
    return build({
      entryPoints: [join(root, "src/index.ts")],
      bundle: true,
      format: "esm",
      platform: "node",
      write: false,
      alias: { wymcp: join(repo, "dist/src/index.js") },
      logLevel: "silent",
      plugins: [wymcpEsbuild(options)],
    });
  }

  test("warnings at the same positions as the CLI (esbuild counts columns from 0); the build succeeds", async () => {
    const result = await esbuild({ targets: ["openai"], listing: "strict" });
    expect(result.errors).toEqual([]);
    const found = result.warnings.filter((warning) => warning.text.startsWith("wymcp: "));
    expect(found.map((warning) => [warning.location?.file, warning.location?.line, warning.location?.column])).toEqual([
      [join(root, "src/index.ts"), 7, 4],
      [join(root, "src/index.ts"), 10, 32],
      [join(root, "src/index.ts"), 11, 8],
    ]);
    expect(found[2]!.text).toContain("openai not_listed");
    expect(found[1]!.location?.lineText).toContain("minLength: 1");
  });

  test("targetErrors fails the build with the same lines", async () => {
    await expect(esbuild({ targets: "openai", targetErrors: true })).rejects.toMatchObject({
      errors: [
        expect.objectContaining({
          text: expect.stringContaining("openai invalid_tool_name"),
          location: expect.objectContaining({ line: 4, column: 8 }),
        }),
      ],
    });
  });

  test("a bad target is one clear error when the plugin is created", () => {
    expect(() => wymcpEsbuild({ targets: ["bard"] as never })).toThrow('wymcp: unknown target "bard": use openai, anthropic or gemini');
    expect(() => wymcpEsbuild({ listing: "strict" })).toThrow("listing and targetErrors go with targets");
  });
});

describe("tool counts", () => {
  test("Anthropic's 20 strict tools: the warning sits at the declaration that passes the limit, counting one tool per action and help", () => {
    const action = (index: number) => `    a${index}: { description: "A${index}", properties: { x: { type: "string" } } },`;
    const tool = (name: string, actions: number) =>
      `export const ${name} = defineTool({\n  name: "${name}",\n  description: "${name}",\n  actions: {\n${Array.from({ length: actions }, (_, index) => action(index)).join("\n")}\n  },\n  handlers: {},\n});\n`;
    // help + 10 + 10 = 21 tools in strict mode: the second tool passes 20.
    const many = project({ "src/tools.ts": `import { defineTool } from "wymcp";\n${tool("first", 10)}${tool("second", 10)}` });
    let stdout = "";
    run(["check", "src", "--target", "anthropic,openai", "--listing", "strict"], {
      stdout: (text) => (stdout += `${text}\n`),
      stderr: () => undefined,
      cwd: many,
    });
    const lines = stdout.split("\n").filter((line) => line.includes("too_many_tools"));
    expect(lines).toEqual([
      expect.stringMatching(
        /^src\/tools\.ts:20:9 {2}anthropic too_many_tools: Anthropic takes at most 20 tools in a request; with this tool the strict listing has 21 \(help included\)/,
      ),
    ]);
  });
});
