import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, test } from "vitest";

/** What package.json lets a user install beside wymcp: a range too narrow refuses the install (ERESOLVE) or silently downgrades the user's choice. */

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

describe("the optional typescript peer", () => {
  test.each(["5.9.3", "6.0.3", "7.0.2", "7.1.0"])("admits TypeScript %s", (version) => {
    expect(semver.satisfies(version, manifest.peerDependencies.typescript!)).toBe(true);
  });

  test.each(["5.8.3", "8.0.0"])("does not claim TypeScript %s", (version) => {
    expect(semver.satisfies(version, manifest.peerDependencies.typescript!)).toBe(false);
  });

  test("is optional: nothing but the TypeScript hosts needs it", () => {
    expect(manifest.peerDependenciesMeta.typescript?.optional).toBe(true);
  });
});

describe("the Node engines", () => {
  test.each(["22.12.0", "22.23.5", "24.22.3", "26.12.1"])("admit the LTS line %s", (version) => {
    expect(semver.satisfies(version, manifest.engines.node)).toBe(true);
  });

  test("leave out Node 20, end-of-life since 2026-04-30", () => {
    expect(semver.satisfies("20.20.2", manifest.engines.node)).toBe(false);
  });
});
