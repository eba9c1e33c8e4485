/**
 * Modules that `export *` each other: following a name through them visits
 * each module once, so the check ends — it walked every path through the
 * cycle before, and four modules re-exporting two others each hung
 * `wymcp check`. Through a cycle the check still finds wymcp's `defineTool`
 * (one of the modules re-exports it) and a constant one of them declares,
 * and a name none of them declares is unknown. The CLI runs as a process
 * under a generous timeout; the test asserts it ended by itself.
 */
import { describe, expect, test } from "vitest";
import { project } from "./plugin-support.js";
import { runCli } from "./support/cli-process.js";

/** `count` modules, each re-exporting every other one: a clique of `export *`. */
function clique(count: number, extra: Readonly<Record<number, string>>): Record<string, string> {
  const files: Record<string, string> = {};
  for (let index = 1; index <= count; index++) {
    const others = Array.from({ length: count }, (_, other) => other + 1).filter((other) => other !== index);
    files[`src/m${index}.ts`] = `${others.map((other) => `export * from "./m${other}";`).join("\n")}\n${extra[index] ?? ""}`;
  }
  return files;
}

describe("export * cycles", () => {
  test.each([
    ["four modules re-exporting two others each", 4],
    ["twelve modules re-exporting every other one", 12],
  ])(
    "%s: the check ends, follows defineTool and a constant through the cycle, and leaves a missing name unknown",
    (_name, count) => {
      const root = project({
        ...clique(count, { [count]: `export * from "wymcp";\nexport const shared = { type: "string" } as const;\n` }),
        "src/tools.ts": [
          `import { defineTool, shared, missing } from "./m1";`,
          `export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { descripton: "A", properties: { s: shared, m: missing } } } });`,
          "",
        ].join("\n"),
      });
      const { code, signal, stdout } = runCli(["check", "src"], root, 120_000);
      expect(signal).toBeNull();
      expect(code).toBe(1);
      expect(stdout).toMatch(/src\/tools\.ts:2:\d+ {2}actions\["a"\]: unknown key "descripton"/);
      // One module re-exports wymcp, which the check does not read: the missing name may come from there.
      expect(stdout).toMatch(/src\/tools\.ts:2:\d+ {2}missing: "missing" may come from "wymcp", which is not a local module/);
      expect(stdout).not.toMatch(/shared:/);
    },
    150_000,
  );
});
