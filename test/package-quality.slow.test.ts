import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { publint } from "publint";
import { describe, expect, test } from "vitest";
import { headingAnchors, withoutCodeBlocks } from "./support/markdown-anchors.js";

/** The published package as users get it: the tarball's contents, publint and arethetypeswrong. Needs `npm run build` (npm test runs it first). */

const root = fileURLToPath(new URL("..", import.meta.url));
const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as {
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
};

async function packedFiles(): Promise<string[]> {
  const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root });
  return (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path);
}

describe("the npm pack tarball", () => {
  test("holds what the exports and the bin need, and nothing else", async () => {
    const files = await packedFiles();
    const targets = Object.values(manifest.exports).flatMap((target) => (typeof target === "string" ? [target] : Object.values(target)));
    for (const target of [...targets, ...Object.values(manifest.bin)]) expect(files).toContain(target.replace(/^\.\//, ""));
    expect(files).toContain("ts-plugin/package.json");
    const stray = files.filter(
      (file) =>
        !/^(dist\/(src|plugin)\/.+\.(js|cjs|d\.ts|d\.cts)|ts-plugin\/package\.json|docs\/[\w-]+\.md|package\.json|README\.md|LICENSE)$/.test(
          file,
        ),
    );
    expect(stray).toEqual([]);
    // The build-time code never leaks into the runtime folder: no module specifier names its packages (a comment may name them).
    const buildTimeSpecifier = /["'](?:typescript|unplugin)(?:\/[^"']*)?["']/;
    expect(
      files.filter(
        (file) =>
          file.startsWith("dist/src/") &&
          buildTimeSpecifier.test(readFileSync(`${root}${file}`, "utf8")) &&
          !file.startsWith("dist/src/mcp/"),
      ),
    ).toEqual([]);
  });

  test("ships every docs/ page, so a page the README links is there beside it", async () => {
    const files = await packedFiles();
    const pages = readdirSync(`${root}docs`).filter((name) => name.endsWith(".md"));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(files).toContain(`docs/${page}`);
  });

  test("the README links by absolute repository URL or to its own headings, so no link is dead on the package page", () => {
    const readme = withoutCodeBlocks(readFileSync(`${root}README.md`, "utf8"));
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map(([, url]) => url!);
    expect(links.length).toBeGreaterThan(10);
    const headings = headingAnchors(readme);
    for (const url of links) {
      if (url.startsWith("#")) expect(headings, url).toContain(url.slice(1));
      else expect(url).toMatch(/^https:\/\//);
    }
    // Pages of this repository are linked on main, where the package's own files live.
    for (const url of links.filter((link) => link.includes("github.com/wymcp/wymcp/"))) {
      expect(url).toMatch(/^https:\/\/github\.com\/wymcp\/wymcp\/(blob|tree)\/main\/[\w./#-]+$/);
    }
  });

  test("publint finds nothing, even in strict mode", async () => {
    const { messages } = await publint({ pkgDir: root, strict: true, pack: "npm" });
    expect(messages).toEqual([]);
  });

  test("arethetypeswrong finds no problem for an ESM-only package (Node ≥ 22.12 can require ESM)", async () => {
    const cli = `${root}node_modules/@arethetypeswrong/cli/dist/index.js`;
    const result = await run(process.execPath, [cli, "--pack", ".", "--profile", "esm-only", "--format", "ascii"], { cwd: root }).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect("code" in result ? result.code : 0, "stdout" in result ? result.stdout : "").toBe(0);
  });
});

/** The files a module loads, itself included, following its relative imports: static and dynamic, or (`staticOnly`) those it loads before it runs. */
function loadedFiles(entry: string, staticOnly = false): string[] {
  const imports = staticOnly ? /from\s*"(\.{1,2}\/[^"]+)"/g : /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(imports)) pending.push(path.resolve(path.dirname(file), specifier!));
  }
  return [...seen];
}

describe("the bundler plugins' entries", () => {
  const entries = Object.keys(manifest.exports).filter((name) => /^\.\/(unplugin|vite|rollup|rolldown|esbuild|webpack|rspack)$/.test(name));

  // The entries sit in sub-folders of dist/plugin/bundler/ (esbuild/, webpack/, rollup-family/), the chunks they share in the folder itself.
  const chunks = path.join(root, "dist/plugin/bundler");

  test.each(entries)("%s is bundled: a build loads its entry and a few chunks, not the ~90 modules tsc emits", (name) => {
    const target = manifest.exports[name] as Record<string, string>;
    const entry = path.join(root, target.default!);
    const files = loadedFiles(entry);
    expect(files.filter((file) => file !== entry && path.dirname(file) !== chunks)).toEqual([]);
    expect(files.length).toBeLessThanOrEqual(20);
    // The evaluator and the validators come in with the check: whatever a build needs is among these files.
    expect(files.some((file) => /defineTool|parseSync/.test(readFileSync(file, "utf8")))).toBe(true);
  });

  // Imports through src/internal.ts name the module behind it in the bundle (scripts/bundle-plugins.mjs): otherwise every
  // module behind the door would share a chunk, and checking the `listing` option would load the validator.
  const loadsTheValidator = (file: string) => /from\s*"@cfworker\/json-schema"/.test(readFileSync(file, "utf8"));

  test.each(entries)("%s loads no validator until a module is checked: creating the plugin does not", (name) => {
    const entry = path.join(root, (manifest.exports[name] as Record<string, string>).default!);
    expect(loadedFiles(entry, true).filter(loadsTheValidator)).toEqual([]);
  });

  test("a build whose verdicts are all kept loads no validator: the build pass does not", () => {
    const buildPass = readdirSync(chunks).filter((file) => /^build-pass-\w+\.js$/.test(file));
    expect(buildPass).toHaveLength(1);
    expect(loadedFiles(path.join(chunks, buildPass[0]!), true).filter(loadsTheValidator)).toEqual([]);
    // The check itself, loaded when a module must be checked, does load it.
    expect(loadedFiles(path.join(chunks, buildPass[0]!)).some(loadsTheValidator)).toBe(true);
  });
});

describe("the wymcp binary", () => {
  test("is bundled: a command loads main.js, the worker it starts and a few chunks beside them, not the ~140 modules tsc emits", () => {
    const cli = path.join(root, "dist/plugin/cli");
    const entry = path.join(root, manifest.bin.wymcp!);
    const files = [...new Set([...loadedFiles(entry), ...loadedFiles(path.join(cli, "command-worker.js"))])];
    expect(files.filter((file) => path.dirname(file) !== cli)).toEqual([]);
    expect(files.length).toBeLessThanOrEqual(10);
    // Whatever a command needs is among these files: the check's evaluator, the tsc route's argument reading.
    expect(files.some((file) => /parseSync/.test(readFileSync(file, "utf8")))).toBe(true);
    expect(files.some((file) => /--project/.test(readFileSync(file, "utf8")))).toBe(true);
  });
});
