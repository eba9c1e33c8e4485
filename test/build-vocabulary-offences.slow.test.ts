/**
 * Build = registration on the closed vocabulary: `wymcp check` refuses the
 * keywords the gate cannot honour (tuple `items`, `$dynamicRef` /
 * `$dynamicAnchor`, `$id`, unknown and earlier drafts' keywords, a `$ref`
 * to a place the closure closes, an `x-mcp-header` a 2026-07-28 client
 * would refuse) with exactly the offences `createRouter`
 * throws for the same declaration, each located at its source position.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";
import { actionSchemaOffences } from "../src/internal.js";
import { offenceLines, repo } from "./plugin-builds.js";

const FIXTURE = "test/fixtures/plugin/vocabulary/src";

test("wymcp check names the same offences as registration, each at a position, and exits 1", async () => {
  // The fixture imports "wymcp": loaded through the source entry, the same declaration registration would check.
  const { shapes } = (await import("./fixtures/plugin/vocabulary/src/tools.js")) as { shapes: Parameters<typeof actionSchemaOffences>[0] };
  const registration = actionSchemaOffences(shapes).map((offence) => `${offence.location}: ${offence.problem}. Fix: ${offence.fix}`);
  expect(registration.length).toBeGreaterThanOrEqual(11);
  const run = spawnSync(process.execPath, [join(repo, "dist/plugin/cli/main.js"), "check", FIXTURE], { cwd: repo, encoding: "utf8" });
  expect(run.status).toBe(1);
  const built = offenceLines(run.stdout).map((line) => line.replace(/^\S+:\d+:\d+ {2}/, ""));
  expect(built.sort()).toEqual(registration.sort());
  for (const keyword of ["items", "$dynamicRef", "$dynamicAnchor", "$id", "minimumm", "dependencies", "$ref", "x-mcp-header"])
    expect(
      built.some((line) => line.includes(`"${keyword}"`)),
      keyword,
    ).toBe(true);
  expect(built.some((line) => line.includes("leads back to itself without entering any part of the value"))).toBe(true);
});
