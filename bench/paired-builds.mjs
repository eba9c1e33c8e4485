// Two builds of the plugin side by side on one bundler: is a change to the
// plugin faster or slower, and by how much, beyond the machine's noise?
//
// Each round builds the bench's project (200 tool files among 1,000
// modules, `build-overhead.bench.mjs`) once with each build of the plugin,
// in fresh Node processes, and takes the difference. The order alternates by
// round (A then B, then B then A): on this 2-core machine the second build
// of a pair ran up to ~55 ms faster or slower than the first with the same
// code on both sides, which a fixed order would report as a gain or a loss.
// Pass the same folder twice to see what the machine alone gives.
//
//   npm run build && mkdir -p node_modules/.after && cp -r dist package.json node_modules/.after/
//   git stash && npm run build && mkdir -p node_modules/.before && cp -r dist package.json node_modules/.before/ && git stash pop
//   node bench/paired-builds.mjs rolldown first node_modules/.before/dist node_modules/.after/dist 40
//
// Kinds: `first` (an empty cache), `kept` (the cache its own previous build
// left), `edited` (that cache, then one tool file edited). A last argument
// sets how many tool files sit beside the 800 plain modules (200 unless
// given): a project of a few tools shows the fixed cost of a build's checks.
// `off` in place of a `dist` builds without the plugin. Each `dist` sits
// beside a `package.json`, as installed (the plugin stamps its cache with
// the version), inside the repository, so its dependencies resolve.
import { appendFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./compare.mjs";
import { generateProject, runBuild } from "./build-overhead.bench.mjs";

const KINDS = ["first", "kept", "edited"];
const repo = fileURLToPath(new URL("..", import.meta.url));

const [bundler, kind, before, after, roundsText = "30", toolsText = "200"] = process.argv.slice(2);
if (bundler === undefined || !KINDS.includes(kind) || before === undefined || after === undefined) {
  console.error("usage: node bench/paired-builds.mjs <bundler> <first|kept|edited> <dist A> <dist B> [rounds] [tool files]");
  process.exit(2);
}
const rounds = Number(roundsText);
const tools = Number(toolsText);
const root = generateProject(tools);
const cache = join(root, "node_modules/.cache/wymcp");
const edited = join(root, "src/tools/tool0.ts");

/** One build with the plugin of `dist` (`off`: without the plugin), in a fresh process. */
const build = (dist) => (dist === "off" ? runBuild(bundler, root, false) : runBuild(bundler, root, true, resolve(repo, dist)));

/** A measured build of `kind`; a kept or edited one first builds once, so the cache is its own (each build stamps its cache). */
function measured(dist, round) {
  if (kind === "first") rmSync(cache, { recursive: true, force: true });
  else build(dist);
  if (kind === "edited") appendFileSync(edited, `// edit ${round}\n`);
  return build(dist);
}

const samples = { A: [], B: [] };
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? ["A", "B"] : ["B", "A"];
  for (const side of order) samples[side].push(measured(side === "A" ? before : after, round));
}
rmSync(root, { recursive: true, force: true });

const differences = (field) => samples.B.map((sample, round) => sample[field] - samples.A[round][field]);
const wall = differences("wall");
console.log(
  `${bundler}, ${kind} builds, ${tools} tool files, ${rounds} rounds in alternating order (B − A, medians of the per-round differences):`,
);
console.log(`  A ${before}: median ${median(samples.A.map((s) => s.wall)).toFixed(0)} ms`);
console.log(`  B ${after}: median ${median(samples.B.map((s) => s.wall)).toFixed(0)} ms`);
console.log(
  `  wall ${median(wall).toFixed(1)} ms, CPU ${median(differences("cpu")).toFixed(1)} ms, peak memory ${median(differences("rss")).toFixed(1)} MB; ` +
    `B faster in ${wall.filter((d) => d < 0).length} of ${rounds}`,
);
