/**
 * Real builds with each of the six bundlers: the malformed fixture fails
 * with every offence at its exact line and column, the clean fixture builds,
 * runs, and comes out exactly as it does without the plugin.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { actionSchemaOffences, type Tool } from "../src/index.js";
import { wymcp } from "../plugin/bundler/unplugin.js";
import { build, bundlers, fixtures, MALFORMED_OFFENCES, offenceLines, type BuildResult } from "./plugin-builds.js";

const requireOutput = createRequire(import.meta.url);

async function load(result: BuildResult): Promise<{ tools: Tool[] }> {
  if (!result.ok) throw new Error(`the build failed:\n${result.printed}`);
  return result.output.endsWith(".cjs") ? requireOutput(result.output) : import(result.output);
}

describe.each(bundlers)("%s", (bundler) => {
  test("a malformed fixture fails the build, listing every offence of every declaration at its line and column", async () => {
    const result = await build(bundler, "malformed");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // One error for the file, naming all seven offences of its two malformed declarations, in order.
    const ours = result.messages.filter((message) => message.includes("action-schema offences"));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain("wymcp: 7 action-schema offences in test/fixtures/plugin/malformed/src/tools.ts");
    expect(ours[0]).toContain('tool "tasks" (test/fixtures/plugin/malformed/src/tools.ts:7:22)');
    expect(ours[0]).toContain('tool "notes" (test/fixtures/plugin/malformed/src/tools.ts:28:22)');
    expect(offenceLines(ours[0]!)).toEqual(MALFORMED_OFFENCES);
    // The partly known declaration, the same-named local function and the clean modules add nothing.
    expect(ours[0]).not.toMatch(/partial|notATool|search|find/);
    // The bundler's own location: the first offence, its column counted from 1 as in the message (bundlers print it as given).
    expect(result.locations).toContainEqual({ file: expect.stringMatching(/src\/tools\.ts$/), line: 11, column: 13 });
    // And what the bundler prints shows the offences too.
    expect(offenceLines(result.printed)).toEqual(MALFORMED_OFFENCES);
  });

  test("offences in several files all fail one build, each at its line and column", async () => {
    const result = await build(bundler, "several-files");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Every file is named, however many errors the bundler prints: the user fixes them all in one round.
    expect(new Set(offenceLines(result.messages.join("\n")))).toEqual(
      new Set([
        'test/fixtures/plugin/several-files/src/tasks.ts:10:26  actions["create"].required: "due" is not declared in properties. Fix: declare "due" in properties, or remove it from required.',
        'test/fixtures/plugin/several-files/src/notes.ts:10:19  actions["add"].defaults: default key "colour" is not declared in properties. Fix: declare "colour" in properties, or remove it from defaults.',
      ]),
    );
    expect(result.locations).toContainEqual({
      file: expect.stringMatching(/src\/(tasks|notes)\.ts$/),
      line: 10,
      column: expect.any(Number),
    });
  });

  test("a clean fixture builds, runs, and is exactly what the bundler makes without the plugin", async () => {
    const result = await build(bundler, "clean");
    const { tools } = await load(result);
    expect(tools.map((tool) => tool.name)).toEqual(["tasks", "notes"]);
    for (const tool of tools) expect(actionSchemaOffences(tool)).toEqual([]);
    expect(await tools[0]!.handlers.create!({ name: "milk" }, undefined as never)).toEqual({ created: "milk" });
    expect(await tools[1]!.handlers.add!({ text: "hi" }, undefined as never)).toEqual({ added: "hi" });

    const bare = await build(bundler, "clean", { plugin: false });
    expect(bare.ok).toBe(true);
    if (result.ok && bare.ok) expect(readFileSync(result.output, "utf8")).toBe(readFileSync(bare.output, "utf8"));
  });
});

describe("options and skipping", () => {
  test.each(["esbuild", "rolldown"] as const)("exclude leaves a malformed module alone (%s)", async (bundler) => {
    expect((await build(bundler, "malformed", { pluginOptions: { exclude: [/src\/tools\.ts$/] } })).ok).toBe(true);
    expect((await build(bundler, "malformed", { pluginOptions: { exclude: ["**/shared.ts"] } })).ok).toBe(false);
  });

  test.each(["vite", "webpack"] as const)("include limits the check to the modules it matches (%s)", async (bundler) => {
    expect((await build(bundler, "malformed", { pluginOptions: { include: ["**/index.ts"] } })).ok).toBe(true);
    expect((await build(bundler, "malformed", { pluginOptions: { include: [/tools\.ts$/] } })).ok).toBe(false);
  });

  const { transform } = wymcp.raw(undefined, { framework: "rollup", versions: {} }) as unknown as {
    transform: {
      filter: { id: { include: RegExp[]; exclude: RegExp[] }; code: RegExp };
      handler(this: unknown, code: string, id: string): unknown;
    };
  };

  test("files that cannot hold a declaration are filtered out before the handler runs", () => {
    // A file that names neither defineTool nor the package (even escaped) cannot declare a tool.
    expect(["export const x = 1;", "import { z } from 'zod';"].some((code) => transform.filter.code.test(code))).toBe(false);
    expect(
      [`import { defineTool } from "./local-reexport";`, `import { d\\u0065fineTool } from "wymcp";`].every((code) =>
        transform.filter.code.test(code),
      ),
    ).toBe(true);
    const [include] = transform.filter.id.include;
    const [exclude] = transform.filter.id.exclude;
    expect(["/p/a.ts", "/p/a.tsx", "/p/a.mts", "/p/a.cjs", "/p/a.ts?v=1"].every((id) => include!.test(id))).toBe(true);
    expect(["/p/a.css", "/p/a.json", "/p/a.vue"].some((id) => include!.test(id))).toBe(false);
    expect(exclude!.test("/p/node_modules/x/index.ts")).toBe(true);
  });

  test("a clean module passes through untouched, and the modules it imports are watched", async () => {
    const watched: string[] = [];
    const warnings: string[] = [];
    const context = {
      addWatchFile: (file: string) => watched.push(file),
      warn: (message: string) => warnings.push(message),
      error: () => expect.unreachable(),
    };
    const file = join(fixtures, "clean/src/tools.ts");
    // A promise until the build pass has loaded, and nothing once it has: the code is never changed.
    expect(await transform.handler.call(context, readFileSync(file, "utf8"), file)).toBeUndefined();
    expect(watched.map((path) => path.slice(fixtures.length + 1)).sort()).toEqual(["clean/src/schemas/index.ts", "clean/src/shared.ts"]);
    // Its one value the check cannot know is said, not passed silently.
    expect(warnings).toEqual([
      expect.stringMatching(/tools\.ts was partly checked[^]*tool "notes": summary\(\): a function call is not evaluated/),
    ]);
    expect(transform.handler.call(context, "export const x = 1; // wymcp", join(fixtures, "clean/src/virtual.ts"))).toBeUndefined();
  });
});
