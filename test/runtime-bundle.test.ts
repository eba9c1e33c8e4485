import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The budget of a minified bundle of `defineTool` + `createRouter`, in bytes (gzipped). */
const GZIP_BUDGET = 16 * 1024;

test("the runtime entry bundles without typescript, unplugin or the SDK, within its size budget", async () => {
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
  expect(inputs.filter((input) => /node_modules|typescript|unplugin|@modelcontextprotocol|plugin\//.test(input))).toEqual([]);
  expect(inputs.every((input) => input.startsWith("src/") || input === "<stdin>")).toBe(true);
  const code = result.outputFiles[0]!.contents;
  const gzipped = gzipSync(code).length;
  console.log(`wymcp runtime bundle: ${code.length} bytes minified, ${gzipped} bytes gzipped (budget ${GZIP_BUDGET})`);
  expect(gzipped).toBeLessThanOrEqual(GZIP_BUDGET);
});
