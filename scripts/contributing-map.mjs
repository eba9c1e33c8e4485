#!/usr/bin/env node
// The file index of CONTRIBUTING.md's map, made from the tree: every module of
// src/ and plugin/ under its folder, with the first sentence of its header
// comment. `node scripts/contributing-map.mjs` rewrites the index between its
// markers; `--check` exits 1 when the file is out of date (a test runs it), so
// the map cannot drift from the tree.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const START = "<!-- file index: made by scripts/contributing-map.mjs, do not edit by hand -->";
const END = "<!-- end of file index -->";
const ROOMS = ["src", "plugin"];
const MAX_HEADLINE = 200;

/** Every `.ts` module under a folder, as paths relative to the root, sorted. */
function modulesUnder(folder) {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** The first sentence of a module's header comment, or a note that it has none. */
function headline(file) {
  const source = readFileSync(path.join(root, file), "utf8").replace(/^#!.*\n/, "");
  const found = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source);
  if (found === null) return "(no header comment)";
  const text = found[1]
    .split("\n")
    .map((line) => line.replace(/^\s*\*\s?/, "").trim())
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  const end = /\.(\s|$)/.exec(text);
  const sentence = end === null ? text : text.slice(0, end.index + 1);
  return sentence.length <= MAX_HEADLINE ? sentence : `${sentence.slice(0, sentence.lastIndexOf(" ", MAX_HEADLINE))} …`;
}

/** The index as Markdown: one list per folder. */
export function fileIndex() {
  const byFolder = new Map();
  for (const file of ROOMS.flatMap(modulesUnder)) {
    const folder = path.posix.dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  const lines = [];
  for (const [folder, files] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`**\`${folder}/\`**`, "");
    for (const file of files) lines.push(`- \`${path.posix.basename(file)}\` — ${headline(file)}`);
    lines.push("");
  }
  return lines.join("\n");
}

const contributing = path.join(root, "CONTRIBUTING.md");
const text = readFileSync(contributing, "utf8");
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from < 0 || to < from) {
  console.error(`CONTRIBUTING.md has no file index markers: add the lines "${START}" and "${END}" where the index goes.`);
  process.exit(2);
}
const updated = `${text.slice(0, from + START.length)}\n\n${fileIndex()}\n${text.slice(to)}`;
if (process.argv.includes("--check")) {
  if (updated !== text) {
    console.error("CONTRIBUTING.md's file index is out of date: run node scripts/contributing-map.mjs and commit the result.");
    process.exit(1);
  }
} else writeFileSync(contributing, updated);
