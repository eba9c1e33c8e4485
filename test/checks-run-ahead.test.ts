/**
 * A pass over a build's modules runs the checks answered at once ahead of
 * those it waits for only when its workers never wait for the build's
 * thread: esbuild's metafile answers their resolutions. A worker asking the
 * bundler's resolver through the build's thread, or checks run in that
 * thread itself, keep every check in the window (`checked-in-order.ts`).
 */
import { afterEach, expect, test } from "vitest";
import { ModuleChecker } from "../plugin/bundler/checks/module-checker.js";
import type { ImportGraph } from "../plugin/bundler/resolution/bundler-resolvers.js";

const METAFILE: ImportGraph = { metafile: { inputs: { "src/index.ts": { imports: [] } } }, cwd: "/project" };
const REACH: ImportGraph = { modules: ["/project/src/index.ts"], reaching: [] };

const checkers: ModuleChecker[] = [];
afterEach(() => {
  for (const checker of checkers.splice(0)) checker.endBuild();
});

/** A checker for one build: with workers (a first build, `prepare` with nothing stored) or not, and the graph it starts with. */
function started(withWorkers: boolean, graph: ImportGraph | undefined): ModuleChecker {
  const checker = new ModuleChecker(undefined);
  checkers.push(checker);
  if (withWorkers) checker.prepare();
  checker.startBuild(true, graph);
  return checker;
}

test.each([
  ["workers, esbuild's metafile", true, METAFILE, true],
  ["workers, a module graph without resolutions (Rolldown, webpack, Rspack)", true, REACH, false],
  ["workers, no graph (resolutions asked through the build's thread)", true, undefined, false],
  ["the build's own thread, esbuild's metafile", false, METAFILE, false],
])("%s: runs ahead %s", (_name, withWorkers, graph, runsAhead) => {
  expect(started(withWorkers, graph).runsAhead).toBe(runsAhead);
});

test("a build that ends stops running ahead with its workers", () => {
  const checker = started(true, METAFILE);
  checker.endBuild();
  expect(checker.runsAhead).toBe(false);
});
