// `wymcp tsc --noEmit` vs plain `tsc --noEmit` on TypeScript 7 (the native
// compiler): the build bench's 200 tool files among 1,000 modules, a fresh
// process per run, alternating which goes first, the median of each round's
// ratio (wall, with CPU beside it). `wymcp tsc` runs the project's tsc and,
// meanwhile, reads the tsconfig through TypeScript 7's API (a second native
// process) and checks the files it lists.
//
//   npm run build && node bench/run.mjs tsc7
//   WYMCP_BENCH_REPS=6 node bench/run.mjs tsc7     (more rounds)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { recordRounds } from "./compare.mjs";
import { checkedProject, timeNode, typescriptRelease } from "./checked-project.mjs";

const TYPESCRIPT_7 = "7.0.2";
const ROUNDS = 7 + Number(process.env.WYMCP_BENCH_REPS ?? 0);
const TARGET = 1.3;

export async function run() {
  const root = checkedProject({ typescript: typescriptRelease(TYPESCRIPT_7) });
  try {
    const tsc = [join(root, "node_modules/typescript/bin/tsc"), "--noEmit"];
    const wymcpTsc = [join(root, "node_modules/wymcp/dist/plugin/cli/main.js"), "tsc", "--noEmit"];
    const samples = { tsc: [], wymcp: [] };
    timeNode(root, tsc); // warms the file system cache
    timeNode(root, wymcpTsc);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ["tsc", "wymcp"] : ["wymcp", "tsc"];
      for (const name of order) samples[name].push(timeNode(root, name === "tsc" ? tsc : wymcpTsc));
    }
    const ms = (values) => values.map((sample) => (sample.wall / 1000).toFixed(0)).join(", ");
    console.log(`  tsc ${TYPESCRIPT_7} --noEmit: ${ms(samples.tsc)} ms | wymcp tsc --noEmit: ${ms(samples.wymcp)} ms`);
    recordRounds(`wymcp tsc --noEmit, TypeScript ${TYPESCRIPT_7} (200 tool files among 1,000 modules)`, samples.wymcp, [
      { name: `tsc --noEmit (TypeScript ${TYPESCRIPT_7})`, samples: samples.tsc, target: TARGET },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
