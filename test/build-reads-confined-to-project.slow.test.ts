/**
 * The build check reads only the project's modules (the git repository, or
 * the folder of the nearest package.json) — never a file outside it, whose
 * content an offence would print: a source importing
 * `/elsewhere/secret.json` by an absolute or a `../` path had its values
 * quoted in `wymcp check`'s and the bundlers' output. Such an import's
 * values are unknown, said as "outside the project: it is not read", and
 * the secret appears nowhere; a `defineTool` imported from outside is said
 * too. Through the CLI (as a process), esbuild and Vite.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { project } from "./plugin-support.js";
import { esbuildOutcome, viteOutcome } from "./support/build-outcomes.js";
import { runCli } from "./support/cli-process.js";

const SECRET = "s3cr3t-token-0f-another-project";

function outside(): string {
  const folder = mkdtempSync(join(tmpdir(), "wymcp-outside-"));
  writeFileSync(join(folder, "secret.json"), JSON.stringify({ token: SECRET }));
  writeFileSync(join(folder, "make.ts"), `export { defineTool as make } from "wymcp";\n`);
  return folder;
}

const tool = (specifier: string) =>
  `import { defineTool } from "wymcp";\nimport secret from ${JSON.stringify(specifier)};\n` +
  `export const t = defineTool({ name: "t", description: "T", handlers: { a: () => 1 }, actions: { a: { description: "A", properties: { [secret.token]: 5 } } } });\n`;

describe("a module outside the project is never read", () => {
  test.each([
    ["an absolute path", (folder: string) => join(folder, "secret.json")],
    ["a ../ path", (folder: string, root: string) => relative(join(root, "src"), join(folder, "secret.json"))],
  ])(
    "%s: its values are unknown and said so; its content is printed nowhere",
    async (_name, specifier) => {
      const folder = outside();
      const root = project({ "package.json": JSON.stringify({ name: "app", type: "module" }), "src/index.ts": "" });
      writeFileSync(join(root, "src/index.ts"), tool(specifier(folder, root)));
      const cli = runCli(["check", "src"], root);
      expect(cli.code).toBe(0);
      expect(cli.stdout).toMatch(/Partly evaluated/);
      expect(cli.stdout).toMatch(/secret\.json is outside the project \(.*\): it is not read/);
      expect(cli.stdout + cli.stderr).not.toContain(SECRET);
      for (const outcome of [await esbuildOutcome(root), await viteOutcome(root)]) {
        const printed = [...outcome.errors, ...outcome.warnings].join("\n");
        expect(printed).toMatch(/secret\.json is outside the project/);
        expect(printed).not.toContain(SECRET);
      }
    },
    120_000,
  );

  test("the same file inside the project is read and checked: the offence names its value", () => {
    const root = project({
      "package.json": JSON.stringify({ name: "app", type: "module" }),
      "data/secret.json": JSON.stringify({ token: "inside" }),
      "src/index.ts": tool("../data/secret.json"),
    });
    const cli = runCli(["check", "src"], root);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(/actions\["a"\]\.properties: "inside" is a number/);
  });

  test("defineTool imported from a module outside the project: said, never passed", () => {
    const folder = outside();
    const root = project({ "package.json": JSON.stringify({ name: "app", type: "module" }) });
    writeFileSync(
      join(root, "index.ts"),
      `import { make as defineTool } from ${JSON.stringify(join(folder, "make.ts"))};\nexport const t = defineTool({ name: "t", description: "T", handlers: {}, actions: { a: { descripton: "A", properties: {} } } });\n`,
    );
    const cli = runCli(["check", "index.ts"], root);
    expect(cli.stdout).toMatch(/Not fully checked/);
    expect(cli.stdout).toMatch(/defineTool is imported from ".*make\.ts", a module outside the project, which the check does not read/);
  });
});
