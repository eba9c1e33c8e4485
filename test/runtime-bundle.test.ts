import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The budget of a minified bundle of `defineTool` + `createRouter`, in bytes
 * (gzipped): wymcp's own code, the JSON Schema validator (~6.5 KB) and the
 * 2020-12 meta-schema documents, the listing modes (per-action listings,
 * their strict and Gemini forms, null read as absent), the content helpers
 * and handler context, and this round's guards (refusals that cap what they
 * quote, size bounds on author data). Measured at 40.7 KB; the 24 KiB the
 * speed issue asks for is not met yet (BENCHMARKS.md says what the bundle
 * holds): this budget only keeps it from growing unnoticed.
 */
const GZIP_BUDGET = 42 * 1024;

/** The one dependency the runtime may bundle: the JSON Schema validator. */
const VALIDATOR = "node_modules/@cfworker/json-schema/";

test("the runtime entry bundles without typescript, unplugin or the SDK, generates no code, and stays within its size budget", async () => {
  const result = await build({
    stdin: {
      contents: 'import { defineTool, createRouter } from "wymcp"; export { defineTool, createRouter };',
      resolveDir: root,
      loader: "ts",
    },
    alias: { wymcp: `${root}src/index.ts` },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(
    inputs.filter((input) => !input.startsWith(VALIDATOR) && /node_modules|typescript|unplugin|@modelcontextprotocol|plugin\//.test(input)),
  ).toEqual([]);
  expect(inputs.every((input) => input.startsWith("src/") || input.startsWith(VALIDATOR) || input === "<stdin>")).toBe(true);
  const code = result.outputFiles[0]!.contents;
  // Runs where code generation is forbidden (Cloudflare Workers, a strict CSP).
  expect(result.outputFiles[0]!.text).not.toMatch(/\bnew Function\b|\beval\(/);
  const gzipped = gzipSync(code).length;
  // The sizes are told when the budget is broken, not printed on every green run.
  expect(
    gzipped,
    `wymcp runtime bundle: ${code.length} bytes minified, ${gzipped} bytes gzipped (budget ${GZIP_BUDGET})`,
  ).toBeLessThanOrEqual(GZIP_BUDGET);
});
