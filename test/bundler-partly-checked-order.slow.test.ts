/**
 * What a clean esbuild build prints when a file was only partly checked:
 * the warning first, its code frame on the line of the part the check could
 * not evaluate (never esbuild's `0:0` over an empty line), then the summary
 * line that closes the check's output.
 */
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import wymcpEsbuild from "../plugin/bundler/esbuild/esbuild.js";
import { esbuildInMemory } from "./plugin-builds.js";
import { project } from "./plugin-support.js";

const SOURCE = `import { defineTool } from "wymcp";
const make = () => ({ description: "Made", properties: {} });
export const t = defineTool({
  name: "t",
  description: "T",
  handlers: { a: () => 1 },
  actions: { a: make() },
});
`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("esbuild, a partly-checked file", () => {
  test("prints the warning at the call's own line, then the summary line", async () => {
    const root = project({ "src/tools.ts": SOURCE });
    let printed = "";
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      printed += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      return true;
    });
    const { build } = await import("esbuild");
    const result = await build({
      ...esbuildInMemory(join(root, "src/tools.ts")),
      logLevel: "warning",
      color: false,
      plugins: [wymcpEsbuild({ cache: false })],
    });
    vi.restoreAllMocks();
    expect(result.errors).toEqual([]);
    const warning = printed.indexOf("was partly checked");
    const summary = printed.indexOf("wymcp: 1 tool in 1 file checked");
    expect(warning, printed).toBeGreaterThanOrEqual(0);
    expect(summary, printed).toBeGreaterThan(warning);
    expect(printed).not.toMatch(/:0:0:/);
    // esbuild's frame: the file at line 7, and the line itself under it.
    expect(printed).toMatch(/tools\.ts:7:\d+:/);
    expect(printed).toContain("actions: { a: make() },");
    const frame = result.warnings.find((message) => message.text.includes("was partly checked"));
    expect(frame?.location).toMatchObject({ line: 7, column: 16 });
  });
});
