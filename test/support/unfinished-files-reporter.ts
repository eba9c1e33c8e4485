/**
 * Names the test files whose test process ended before their tests did.
 * Vitest reports such an end only as "Worker exited unexpectedly", with no
 * file, no exit code and no signal, and counts the file in no column; a CI
 * log that shows only its tail then says nothing of where to look. This
 * reporter prints, last, each such file and the first of its tests that
 * never reported.
 */
import type { Reporter, TestModule } from "vitest/node";

/** The line for a test file that did not finish, or `undefined` when it did. */
function unfinishedLine(testModule: TestModule): string | undefined {
  const tests = [...testModule.children.allTests()];
  const unreported = [...testModule.children.allTests("pending")];
  const state = testModule.state();
  if (state === "skipped" || (unreported.length === 0 && (state === "passed" || state === "failed"))) return undefined;
  const first = unreported[0] === undefined ? "" : `; the first not reported: "${unreported[0].fullName}"`;
  return `${testModule.relativeModuleId} did not finish: its test process ended after ${tests.length - unreported.length} of ${tests.length} tests${first}`;
}

export default class UnfinishedFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines = testModules.map(unfinishedLine).filter((line) => line !== undefined);
    if (lines.length > 0) process.stderr.write(`\n${lines.join("\n")}\n`);
  }
}
