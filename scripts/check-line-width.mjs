// Fails on a line wider than Prettier's printWidth in the sources Prettier
// formats: Prettier breaks code, but not a long string, comment or template
// literal, so those are wrapped by hand and this keeps them wrapped.
// Usage: node scripts/check-line-width.mjs [folder or file]...  (default: the folders below)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const { printWidth } = JSON.parse(readFileSync(join(root, ".prettierrc.json"), "utf8"));
// test/ and bench/ are not held to it yet: their long table rows and report lines still await wrapping.
const ROOTS = ["src", "plugin", "examples", "scripts", "eslint.config.js", "vitest.config.ts"];
// As in .prettierignore: outputs, installs, and sources whose exact positions tests compare.
const SKIPPED = new Set(["node_modules", "dist", "test/fixtures", "test/.tmp", "examples/malformed"]);
const SOURCE = /\.[cm]?[jt]s$/;

function* files(path) {
  const name = relative(root, path);
  if (SKIPPED.has(name) || SKIPPED.has(path.split("/").at(-1))) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else if (SOURCE.test(path)) yield name;
}

const given = process.argv.slice(2);
const wide = [];
for (const start of given.length > 0 ? given : ROOTS) {
  for (const file of files(join(root, start))) {
    readFileSync(join(root, file), "utf8")
      .split("\n")
      .forEach((line, index) => {
        // Code points, as a reader counts them (a tab counts as one).
        const width = [...line].length;
        if (width > printWidth) wide.push(`${file}:${index + 1}: ${width} characters`);
      });
  }
}
if (wide.length > 0) {
  console.error(`${wide.length} line(s) wider than ${printWidth} characters; wrap them by hand (Prettier breaks no string or comment):`);
  for (const line of wide) console.error(`  ${line}`);
  process.exit(1);
}
