// Side-by-side measurement: each comparison runs ours and its anchor in one
// tinybench run, and reports the ratio of mean latencies (ours / anchor) —
// ratios, not absolute times, because the machines are noisy.
import { Bench } from "tinybench";

/** Every comparison made so far, for the summary table. */
export const results = [];

/**
 * Measures `ours` against each anchor and records `ours / anchor` with its target.
 * `label` names `ours` in the printed lines (a suite that measures a part of
 * wymcp, such as its validator, says which). With `rounds` > 1 the time is
 * split into rounds that alternate ours and the anchors, and the ratio is the
 * median of the rounds' ratios: on a shared machine whose load drifts over
 * a run, measuring each side in one block would compare two machines.
 * @param {string} title
 * @param {() => unknown} ours
 * @param {{ name: string, run: () => unknown, target?: number }[]} anchors
 */
export async function compare(title, ours, anchors, { time = 1500, label = "wymcp", rounds = 1 } = {}) {
  const means = { wymcp: [] };
  for (const anchor of anchors) means[anchor.name] = [];
  for (let round = 0; round < rounds; round++) {
    // A round is bounded by its time, not by a count of iterations (tinybench's default of 64 would stretch a slow one).
    const bench =
      rounds === 1
        ? new Bench({ time, warmup: true, warmupTime: 300 })
        : new Bench({
            time: time / rounds,
            iterations: 3,
            warmup: true,
            warmupTime: round === 0 ? 300 : 30,
            warmupIterations: round === 0 ? 8 : 1,
          });
    bench.add("wymcp", ours);
    for (const anchor of anchors) bench.add(anchor.name, anchor.run);
    await bench.run();
    for (const name of Object.keys(means)) {
      const task = bench.tasks.find((candidate) => candidate.name === name);
      if (task?.result?.state !== "completed")
        throw new Error(`${title}: ${name} did not complete (${task?.result?.error ?? task?.result?.state})`);
      means[name].push(task.result.latency.mean);
    }
  }
  const oursMean = median(means.wymcp);
  for (const anchor of anchors) {
    const ratio = median(means.wymcp.map((mean, round) => mean / means[anchor.name][round]));
    const theirs = median(means[anchor.name]);
    results.push({ title, anchor: anchor.name, ours: oursMean, theirs, ratio, target: anchor.target });
    const spread = rounds > 1 ? ` (median of ${rounds} alternating rounds)` : "";
    console.log(
      `${title}: ${label} ${formatMs(oursMean)} vs ${anchor.name} ${formatMs(theirs)} → ratio ${ratio.toFixed(3)}${spread}${verdict(ratio, anchor.target)}`,
    );
  }
}

/**
 * Records ratios of samples taken in rounds (each `{ wall, cpu }` in µs, ours
 * and every anchor once a round, in fresh processes): the median of the
 * rounds' ratios, with the middle half of them beside it, for wall time and
 * for CPU time (which a virtual machine's stolen time does not inflate). The
 * target is judged on wall time.
 * @param {string} title
 * @param {{ wall: number, cpu: number }[]} ours
 * @param {{ name: string, samples: { wall: number, cpu: number }[], target?: number }[]} anchors
 */
export function recordRounds(title, ours, anchors) {
  const field = (samples, key) => samples.map((sample) => sample[key]);
  for (const anchor of anchors) {
    const [wallRatio, wallSpread] = roundRatios(field(ours, "wall"), field(anchor.samples, "wall"));
    const [cpuRatio, cpuSpread] = roundRatios(field(ours, "cpu"), field(anchor.samples, "cpu"));
    const oursWall = median(field(ours, "wall"));
    const theirsWall = median(field(anchor.samples, "wall"));
    results.push({ title, anchor: anchor.name, ours: oursWall / 1000, theirs: theirsWall / 1000, ratio: wallRatio, target: anchor.target });
    console.log(
      `${title}: wymcp ${formatMs(oursWall / 1000)} vs ${anchor.name} ${formatMs(theirsWall / 1000)} → median of ${ours.length} rounds: wall ${wallRatio.toFixed(3)} (middle half ${wallSpread}), CPU ${cpuRatio.toFixed(3)} (middle half ${cpuSpread})${verdict(wallRatio, anchor.target)}`,
    );
  }
}

/** The median of the rounds' ratios ours / theirs, and the middle half of them. */
function roundRatios(ours, theirs) {
  const ratios = ours.map((time, round) => time / theirs[round]).sort((a, b) => a - b);
  const quarter = (q) => ratios[Math.floor((q * (ratios.length - 1)) / 4)].toFixed(3);
  return [median(ratios), `${quarter(1)}–${quarter(3)}`];
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Records a figure that is not a time (a size ratio, say). */
export function record(title, anchor, ours, theirs, target) {
  const ratio = ours / theirs;
  results.push({ title, anchor, ours, theirs, ratio, target });
  console.log(`${title}: wymcp ${ours} vs ${anchor} ${theirs} → ratio ${ratio.toFixed(3)}${verdict(ratio, target)}`);
}

function verdict(ratio, target) {
  return target === undefined ? "" : ratio <= target ? ` (target ≤ ${target}: met)` : ` (target ≤ ${target}: MISSED)`;
}

function formatMs(ms) {
  return ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(2)} µs`;
}

/** The summary as a Markdown table. */
export function summary() {
  const rows = results.map(
    (r) =>
      `| ${r.title} | ${r.anchor} | ${r.ratio.toFixed(3)} | ${r.target === undefined ? "—" : `≤ ${r.target}`} | ${r.target === undefined ? "—" : r.ratio <= r.target ? "met" : "missed"} |`,
  );
  return ["| measure | anchor | ratio (wymcp / anchor) | target | |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}
