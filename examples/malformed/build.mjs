// Builds the malformed example with Vite, with esbuild, with tspc and with
// `wymcp check`, prints what each one really prints, and checks that each one
// fails and names every mistake at its file:line:column.
//
//   node examples/malformed/build.mjs               # all four
//   node examples/malformed/build.mjs vite check    # just these (vite, esbuild, tspc, check)
//
// Exits 0 when every build fails as expected with every mistake located;
// exits 1 if a build passes or leaves a mistake out.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { runTspc, transformerBuild } from "../support/tspc.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const repo = join(here, "../..");
const require = createRequire(import.meta.url);

/** The mistakes in src/tools/, each found by a snippet of its line (see the ✗ comments there). */
const mistakes = [
  { file: "src/tools/tasks.ts", line: 'note: "Dates', says: 'unknown key "note". Fix: did you mean "notes"?' },
  { file: "src/tools/tasks.ts", line: 'required: ["name", "due"]', says: '"due" is not declared in properties' },
  { file: "src/tools/projects.ts", line: "limit: 20 }", says: 'default key "limit" is not declared in properties' },
  { file: "src/tools/labels.ts", line: 'items: "string"', says: '"items" is a string. Fix: write a schema object' },
  { file: "src/tools/notes.ts", line: 'description: "Add a note.', says: '"description" contains a line break' },
  { file: "src/tools/notes.ts", line: "requiredOneOf:", says: "group 2 repeats group 0" },
].map((mistake) => ({ ...mistake, path: relative(repo, join(here, mistake.file)), lineNumber: lineOf(mistake.file, mistake.line) }));

const cli = join(repo, "dist/plugin/cli/main.js");
const vitePackage = require.resolve("vite/package.json");
const viteBin = join(dirname(vitePackage), require(vitePackage).bin.vite);
const node = (...args) => ({ shown: `node ${args.join(" ")}`, run: () => spawnNode(args) });
const runs = [
  { id: "vite", name: "vite build", ...node(relative(repo, viteBin), "build", "-c", relative(repo, join(here, "vite.config.ts"))) },
  { id: "esbuild", name: "esbuild", ...node(relative(repo, join(here, "esbuild.config.mjs"))) },
  {
    id: "tspc",
    name: "tspc",
    shown: `npx tspc -p ${relative(repo, join(here, "tsconfig.json"))}`,
    run: () => runTspc(join(here, "tsconfig.json"), join(here, "dist")),
    missing: existsSync(transformerBuild) ? undefined : "wymcp/transformer is not built yet (dist/plugin/typescript/index.cjs is missing)",
  },
  {
    id: "check",
    name: "wymcp check",
    ...node(relative(repo, cli), "check", relative(repo, here)),
    missing: existsSync(cli) ? undefined : "wymcp check is not built yet (dist/plugin/cli/main.js is missing)",
  },
];

// The configs import wymcp by its package name, which resolves to the built dist/.
if (!existsSync(join(repo, "dist/plugin/bundler/unplugin.js"))) {
  console.error("wymcp is not built: run `npm run build` in the repository root first.");
  process.exit(1);
}

const requested = process.argv.slice(2);
const unknown = requested.filter((id) => !runs.some((run) => run.id === id));
if (unknown.length > 0) {
  console.error(`unknown build ${unknown.join(", ")}; choose from ${runs.map((run) => run.id).join(", ")}`);
  process.exit(2);
}

const verdicts = [];
for (const run of runs.filter((candidate) => requested.length === 0 || requested.includes(candidate.id))) {
  console.log(`\n── ${run.name}: ${run.shown} ──`);
  if (run.missing !== undefined) {
    console.log(`skipped: ${run.missing}`);
    verdicts.push(`${run.name}: skipped (${run.missing})`);
    continue;
  }
  const result = run.run();
  const printed = withoutStackFrames(result.output);
  console.log(printed.trimEnd());
  if (result.status === 0) {
    verdicts.push(`${run.name}: UNEXPECTEDLY PASSED`);
    continue;
  }
  const missed = mistakes.filter((mistake) => !located(printed, mistake));
  verdicts.push(
    missed.length === 0
      ? `${run.name}: failed as expected (exit ${result.status}), all ${mistakes.length} mistakes located`
      : `${run.name}: failed but did not locate: ${missed.map((mistake) => `${mistake.path}:${mistake.lineNumber} (${mistake.says})`).join("; ")}`,
  );
}

console.log("\n── verdict ──");
for (const verdict of verdicts) console.log(verdict);
const bad = verdicts.filter((verdict) => !verdict.includes("failed as expected") && !verdict.includes(": skipped"));
process.exitCode = bad.length === 0 ? 0 : 1;

/** Runs node from the repository root, so every tool prints the same relative paths. */
function spawnNode(args) {
  const run = spawnSync(process.execPath, args, { cwd: repo, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Whether the output names the mistake at `file:line:column` (tsc: `file(line,column)`) on a line that also says what it is. */
function located(output, mistake) {
  const at = [`${mistake.path}:${mistake.lineNumber}:`, `${mistake.path}(${mistake.lineNumber},`];
  return output.split("\n").some((line) => at.some((place) => line.includes(place)) && line.includes(mistake.says));
}

/** The 1-based number of the one line of the file containing the snippet. */
function lineOf(file, snippet) {
  const lines = readFileSync(join(here, file), "utf8").split("\n");
  const found = lines.flatMap((line, index) => (line.includes(snippet) ? [index + 1] : []));
  if (found.length !== 1) throw new Error(`${file}: expected one line with ${JSON.stringify(snippet)}, found ${found.length}`);
  return found[0];
}

/** Node prints a thrown error's stack frames and inspected fields after the message; they say nothing about the schemas. */
function withoutStackFrames(text) {
  const kept = text.split("\n").filter((line) => !/^\s+at /.test(line));
  return kept.join("\n").replace(/\n\s+errors: \[Getter\/Setter\]\n\}/g, "");
}
