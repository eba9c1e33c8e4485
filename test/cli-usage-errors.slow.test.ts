/**
 * Usage errors of the built `wymcp` binary: exit code 2, one line saying what
 * is wrong (with a guess at what was meant) and where the help is, never the
 * whole help again.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { HELP_POINTER, USAGE } from "../plugin/cli/args.js";
import { project } from "./plugin-support.js";
import { runCli } from "./support/cli-process.js";
import { runNode, scratchProject } from "./support/scratch-project.js";

describe("usage errors", () => {
  const root = project({ "src/tools.ts": "export const x = 1;\n" });

  test.each([
    [["check", "--fromat", "json"], 'unknown option "--fromat" (did you mean "--format"?)'],
    [["check", "--formta=json"], 'unknown option "--formta=json" (did you mean "--format"?)'],
    [["check", "--verison"], 'unknown option "--verison" (did you mean "--version"?)'],
    [["check", "--json"], 'unknown option "--json" (did you mean "--format json"?)'],
    [["check", "--fix"], 'unknown option "--fix"'],
    [["chek", "src"], 'unknown command "chek" (did you mean "check"?)'],
    [["lint"], 'unknown command "lint"'],
    [[], "missing command: wymcp check [paths…]"],
    [["check", "--format", "jsno"], '--format takes "text" or "json", not "jsno" (did you mean "json"?)'],
    [["check", "--format"], '--format takes "text" or "json", not nothing'],
    [["check", "no/such/dir"], "no such file or directory: no/such/dir"],
    [["check", "bad\u001b[2Jname"], "no such file or directory: bad\\u001b[2Jname"],
  ])("%j: exit 2, one line and the help pointer", (argv, message) => {
    const { code, stdout, stderr } = runCli(argv, root);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`wymcp: ${message}\n${HELP_POINTER}\n`);
    expect(stderr).not.toContain("Options:");
  });

  test("--help still prints the whole usage, exit 0", () => {
    const { code, stdout } = runCli(["check", "--help"], root);
    expect(code).toBe(0);
    expect(stdout).toBe(`${USAGE}\n`);
    expect(USAGE).toContain(".gitignore");
  });
});

describe("a missing optional dependency", () => {
  test("without the ignore package, a .gitignore to read is one line naming what to install, exit 2", () => {
    const root = scratchProject({ "src/tools.ts": "export const x = 1;\n", ".gitignore": "generated/\n" }, ["typescript"]);
    rmSync(join(root, "node_modules/ignore"));
    const { code, stdout, stderr } = runNode(root, ["node_modules/wymcp/dist/plugin/cli/main.js", "check"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      'wymcp: the package "ignore" (an optional dependency of wymcp, to read .gitignore files) is not installed: run npm install ignore\n',
    );
  }, 60_000);
});
