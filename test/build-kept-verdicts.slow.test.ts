/**
 * Verdicts kept between builds, with every bundler: a stored verdict counts
 * only for a module the build bundles (Vite, Rollup and Rolldown look at
 * every stored verdict as a build starts, before they know its modules), a
 * tool file edited since its verdict is checked again, and a build that
 * fails on its own leaves the next build checking as before.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { build, bundlers, offenceLines, repo, type BuildResult } from "./plugin-builds.js";

const tool = (name: string, action: string) =>
  `import { defineTool } from "wymcp";\nexport const ${name} = defineTool({ name: "${name}", description: "T", handlers: { a: () => 1 }, actions: { a: ${action} } });\n`;
const GOOD = `{ description: "A", properties: {} }`;
const BAD = `{ description: "A", properties: {}, required: ["x"] }`;
/** The offence of BAD in a tool file named with one letter (`tool("a", BAD)`). */
const OFFENCE = `2:147  actions["a"].required: "x" is not declared in properties.`;
const BOTH = `export { a } from "./a.js";\nexport { b } from "./b.js";\n`;

/** A fresh project under `test/.tmp/kept-verdicts/` (paths in messages are then relative to the repository). */
function project(name: string, files: Readonly<Record<string, string>>): string {
  const root = join(repo, "test/.tmp/kept-verdicts", name);
  rmSync(root, { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

function offencesOf(result: BuildResult): string[] {
  if (result.ok) throw new Error("the build passed");
  return offenceLines(result.messages.join("\n"));
}

describe.each(bundlers)("%s, with verdicts kept between builds", (bundler) => {
  test("a verdict stored for a tool file the build no longer bundles is not reported; a tool file edited since is checked again", async () => {
    const root = project(`dropped-${bundler}`, { "src/index.ts": BOTH, "src/a.ts": tool("a", GOOD), "src/b.ts": tool("b", GOOD) });
    const pluginOptions = { cache: join(root, "verdicts.json") };
    expect((await build(bundler, root, { pluginOptions })).ok).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(pluginOptions.cache, "utf8")).entries)).toEqual(
      expect.arrayContaining([join(root, "src/a.ts"), join(root, "src/b.ts")]),
    );
    // b.ts leaves the build, and is broken since: its stored verdict is of a module no longer bundled.
    write(root, "src/index.ts", `export { a } from "./a.js";\n`);
    write(root, "src/b.ts", tool("b", BAD));
    expect((await build(bundler, root, { pluginOptions })).ok).toBe(true);
    write(root, "src/a.ts", tool("a", BAD));
    expect(offencesOf(await build(bundler, root, { pluginOptions }))).toEqual([
      expect.stringContaining(`test/.tmp/kept-verdicts/dropped-${bundler}/src/a.ts:${OFFENCE}`),
    ]);
  });

  test("a build that fails on its own after a kept one shows the bundler's error alone; the next build checks as before", async () => {
    const root = project(`own-error-${bundler}`, { "src/index.ts": BOTH, "src/a.ts": tool("a", GOOD), "src/b.ts": tool("b", GOOD) });
    const pluginOptions = { cache: join(root, "verdicts.json") };
    expect((await build(bundler, root, { pluginOptions })).ok).toBe(true);
    write(root, "src/index.ts", `${BOTH}export { c } from "./missing-module.js";\n`);
    const broken = await build(bundler, root, { pluginOptions });
    if (broken.ok) throw new Error("the build passed");
    expect(broken.messages.join("\n")).toContain("missing-module");
    expect(offenceLines(broken.messages.join("\n"))).toEqual([]);
    write(root, "src/index.ts", BOTH);
    expect((await build(bundler, root, { pluginOptions })).ok).toBe(true);
    write(root, "src/b.ts", tool("b", BAD));
    expect(offencesOf(await build(bundler, root, { pluginOptions }))).toEqual([
      expect.stringContaining(`test/.tmp/kept-verdicts/own-error-${bundler}/src/b.ts:${OFFENCE}`),
    ]);
  });
});
