/**
 * A file git tracks is part of the project even where a `.gitignore` names
 * it (git applies the rules to untracked files alone): `wymcp check` checks
 * it, where it used to skip it without a word. An untracked file the rules
 * name is still left out. Through the built binary, in a real repository.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { project } from "./plugin-support.js";
import { runCli } from "./support/cli-process.js";

const TYPO = (name: string) =>
  `import { defineTool } from "wymcp";\nexport const ${name} = defineTool({ name: "${name}", description: "T", handlers: { a: () => 1 }, actions: { a: { descripton: "A", properties: {} } } });\n`;

describe(".gitignore and tracked files", () => {
  test("a tracked file a .gitignore names is checked; an untracked one is not", () => {
    const root = project({
      ".gitignore": "src/generated/\n*.local.ts\n",
      "src/tools.ts": TYPO("tools"),
      "src/generated/tracked.ts": TYPO("tracked"),
      "src/generated/untracked.ts": TYPO("untracked"),
      "src/kept.local.ts": TYPO("kept"),
      "src/scratch.local.ts": TYPO("scratch"),
    });
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd: root });
    git("init", "-q");
    git("add", ".");
    git("add", "-f", "src/generated/tracked.ts", "src/kept.local.ts");
    git("commit", "-qm", "init");
    const { code, stdout } = runCli(["check", "src", "--format", "json"], root);
    expect(code).toBe(1);
    const files = new Set((JSON.parse(stdout) as { offences: { file: string }[] }).offences.map((offence) => offence.file));
    expect([...files].sort()).toEqual(["src/generated/tracked.ts", "src/kept.local.ts", "src/tools.ts"]);
  });

  test("outside a git repository the rules alone decide, and no git is asked", () => {
    const root = project({ ".gitignore": "generated/\n", "src/tools.ts": TYPO("tools"), "src/generated/gen.ts": TYPO("gen") });
    const { stdout } = runCli(["check", "src", "--format", "json"], root);
    const files = new Set((JSON.parse(stdout) as { offences: { file: string }[] }).offences.map((offence) => offence.file));
    expect([...files]).toEqual(["src/tools.ts"]);
  });
});
