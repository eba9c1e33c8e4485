// Runs the benchmarks (all, or those named on the command line) and prints the summary table.
import { summary } from "./compare.mjs";

const suites = {
  validate: () => import("./validate.bench.mjs"),
  gate: () => import("./gate.bench.mjs"),
  "round-trip": () => import("./round-trip.bench.mjs"),
  "http-round-trip": () => import("./http-round-trip.bench.mjs"),
  "listing-size": () => import("./listing-size.bench.mjs"),
  "listing-modes": () => import("./listing-modes.bench.mjs"),
  startup: () => import("./startup.bench.mjs"),
  build: () => import("./build-overhead.bench.mjs"),
  tspc: () => import("./tspc-overhead.bench.mjs"),
  tsc7: () => import("./tsc7-overhead.bench.mjs"),
  eslint: () => import("./eslint-overhead.bench.mjs"),
  validators: () => import("./validators.bench.mjs"),
  refusal: () => import("./refusal.bench.mjs"),
  "bundle-size": () => import("./bundle-size.bench.mjs"),
};

const chosen = process.argv.slice(2);
for (const name of chosen) if (!(name in suites)) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(suites).join(", ")}`);
for (const [name, load] of Object.entries(suites)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  await (await load()).run();
}
console.log(`\n${summary()}`);
