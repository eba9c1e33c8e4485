// Side-by-side measurement: each comparison runs ours and its anchor in one
// tinybench run, and reports the ratio of mean latencies (ours / anchor) —
// ratios, not absolute times, because the machines are noisy.
import { Bench } from "tinybench";

/** Every comparison made so far, for the summary table. */
export const results = [];

/**
 * Measures `ours` against each anchor and records `ours / anchor` with its target.
 * `label` names `ours` in the printed lines (a suite that measures a part of
 * wymcp, such as its validator, says which).
 * @param {string} title
 * @param {() => unknown} ours
 * @param {{ name: string, run: () => unknown, target?: number }[]} anchors
 */
export async function compare(title, ours, anchors, { time = 1500, label = "wymcp" } = {}) {
  const bench = new Bench({ time, warmup: true, warmupTime: 300 });
  bench.add("wymcp", ours);
  for (const anchor of anchors) bench.add(anchor.name, anchor.run);
  await bench.run();
  const mean = (name) => {
    const task = bench.tasks.find((candidate) => candidate.name === name);
    if (task?.result?.state !== "completed") throw new Error(`${title}: ${name} did not complete (${task?.result?.error ?? task?.result?.state})`);
    return task.result.latency.mean;
  };
  const oursMean = mean("wymcp");
  for (const anchor of anchors) {
    const ratio = oursMean / mean(anchor.name);
    results.push({ title, anchor: anchor.name, ours: oursMean, theirs: mean(anchor.name), ratio, target: anchor.target });
    console.log(`${title}: ${label} ${formatMs(oursMean)} vs ${anchor.name} ${formatMs(mean(anchor.name))} → ratio ${ratio.toFixed(3)}${verdict(ratio, anchor.target)}`);
  }
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
  const rows = results.map((r) => `| ${r.title} | ${r.anchor} | ${r.ratio.toFixed(3)} | ${r.target === undefined ? "—" : `≤ ${r.target}`} | ${r.target === undefined ? "—" : r.ratio <= r.target ? "met" : "missed"} |`);
  return ["| measure | anchor | ratio (wymcp / anchor) | target | |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}
