/**
 * CONTRIBUTING.md's file index is made from the tree, so it cannot drift: the
 * repository's own index is current, and the script both notices a stale
 * index and writes a fresh one (in a scratch copy of a tiny tree).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";

const SCRIPT = path.resolve("scripts/contributing-map.mjs");
const MARKERS = ["<!-- file index: made by scripts/contributing-map.mjs, do not edit by hand -->", "<!-- end of file index -->"] as const;

function run(root: string, ...args: string[]) {
  const { status, stderr } = spawnSync(process.execPath, [path.join(root, "scripts/contributing-map.mjs"), ...args], { encoding: "utf8" });
  return { status, stderr };
}

const scratch = mkdtempSync(path.join(tmpdir(), "wymcp-map-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A tree with one module per room and a CONTRIBUTING.md whose index is `index`. */
function tree(name: string, index: string): string {
  const root = path.join(scratch, name);
  mkdirSync(path.join(root, "scripts"), { recursive: true });
  mkdirSync(path.join(root, "src/util"), { recursive: true });
  mkdirSync(path.join(root, "plugin"), { recursive: true });
  cpSync(SCRIPT, path.join(root, "scripts/contributing-map.mjs"));
  writeFileSync(path.join(root, "src/util/freeze.ts"), "/**\n * Freezing data. Deeply.\n */\nexport {};\n");
  writeFileSync(path.join(root, "plugin/cli.ts"), "#!/usr/bin/env node\n/** The binary. */\nexport {};\n");
  writeFileSync(path.join(root, "CONTRIBUTING.md"), `# Map\n\n${MARKERS[0]}\n${index}\n${MARKERS[1]}\n\n## After\n`);
  return root;
}

describe("CONTRIBUTING.md's file index", () => {
  test("the repository's index matches its tree", () => {
    expect(run(path.resolve("."), "--check")).toEqual({ status: 0, stderr: "" });
  });

  test("a stale index fails the check with the command that fixes it", () => {
    const root = tree("stale", "- `gone.ts` — A module that was removed.");
    const { status, stderr } = run(root, "--check");
    expect(status).toBe(1);
    expect(stderr).toContain("run node scripts/contributing-map.mjs");
  });

  test("writing the index lists every module under its folder with its header's first sentence, then checks clean", () => {
    const root = tree("fresh", "");
    expect(run(root).status).toBe(0);
    const text = readFileSync(path.join(root, "CONTRIBUTING.md"), "utf8");
    expect(text).toContain("**`plugin/`**\n\n- `cli.ts` — The binary.");
    expect(text).toContain("**`src/util/`**\n\n- `freeze.ts` — Freezing data.");
    expect(text).toMatch(/## After\n$/);
    expect(run(root, "--check").status).toBe(0);
  });

  test("a CONTRIBUTING.md without the markers is told where the index goes", () => {
    const root = tree("no-markers", "");
    writeFileSync(path.join(root, "CONTRIBUTING.md"), "# Map\n");
    const { status, stderr } = run(root, "--check");
    expect(status).toBe(2);
    expect(stderr).toContain("has no file index markers");
  });
});
