/**
 * When a test process dies mid-file (a native crash, a signal), Vitest says
 * only "Worker exited unexpectedly". The suite's reporter names the file and
 * the first test that never reported, and no file that finished, passed or
 * failed. Vitest runs for real on a fixture whose test kills its own process.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { repo } from "./support/scratch-project.js";

const FILES = {
  "dies.test.ts": [
    `import { expect, test } from "vitest";`,
    `test("one", () => expect(1).toBe(1));`,
    `test("two", async () => { await new Promise((resolve) => setTimeout(resolve, 200)); expect(2).toBe(2); });`,
    `test("killed", () => { process.kill(process.pid, "SIGKILL"); });`,
    `test("after", () => expect(3).toBe(3));`,
  ].join("\n"),
  "fails.test.ts": `import { expect, test } from "vitest";\ntest("wrong", () => expect(1).toBe(2));\n`,
  "passes.test.ts": `import { expect, test } from "vitest";\ntest("right", () => expect(1).toBe(1));\n`,
  "vitest.config.ts": [
    `import { defineConfig } from "vitest/config";`,
    `export default defineConfig({ test: { pool: "forks", include: ["*.test.ts"], reporters: ["default", ${JSON.stringify(join(repo, "test/support/unfinished-files-reporter.ts"))}] } });`,
  ].join("\n"),
};

test("a test file whose process dies is named with the first test that never reported; files that finished are not", () => {
  mkdirSync(join(repo, "test/.tmp"), { recursive: true });
  const root = mkdtempSync(join(repo, "test/.tmp/unfinished-"));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(root, name), text);
  const run = spawnSync(process.execPath, [join(repo, "node_modules/vitest/vitest.mjs"), "run", "--root", root], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  expect(run.status).toBe(1);
  const named = run.stderr.split("\n").filter((line) => line.includes("did not finish"));
  expect(named).toEqual(['dies.test.ts did not finish: its test process ended after 2 of 4 tests; the first not reported: "killed"']);
}, 60_000);
