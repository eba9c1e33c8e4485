/**
 * The fetch-handler entry as a Worker bundles it: esbuild, `platform:
 * "neutral"` (no Node built-ins resolvable, so any `node:` import would fail
 * the build) with the Workers conditions, everything bundled — wymcp, the
 * MCP SDK, zod, the validators. It stays within its size budget, imports no
 * `node:` module, and its one code-generation site is Ajv's compiler, which
 * the SDK `Server` imports as its default validator and the fetch handler
 * never calls (it hands the server the cfworker validator; the workerd test
 * runs it where code generation throws).
 */
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The budget of the minified Worker bundle, gzipped, in bytes: ~119 KiB
 * measured, most of it the SDK and the zod schemas of its protocol types
 * (wymcp's own code is ~25 KiB of it).
 */
const GZIP_BUDGET = 128 * 1024;

async function bundle(minify: boolean) {
  const result = await build({
    stdin: {
      contents: 'import { defineTool, createRouter } from "wymcp"; import { createFetchHandler } from "wymcp/fetch"; export { defineTool, createRouter, createFetchHandler };',
      resolveDir: root,
      loader: "ts",
    },
    alias: { wymcp: `${root}src/index.ts`, "wymcp/fetch": `${root}src/mcp/fetch-entry.ts` },
    bundle: true,
    minify,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return { text: result.outputFiles[0]!.text, bytes: result.outputFiles[0]!.contents, inputs: Object.keys(result.metafile.inputs) };
}

/** Each line of an unminified bundle with the module it came from (esbuild heads every module with a `// path` comment). */
function linesByModule(text: string): { module: string; line: string }[] {
  let module = "<prelude>";
  return text.split("\n").map((line) => {
    const header = /^\/\/ (\S+\.(?:[cm]?js|ts|json))$/.exec(line);
    if (header !== null) module = header[1]!;
    return { module, line };
  });
}

test("the fetch entry bundles for Workers with no node: import, no build-time code, and within its size budget", async () => {
  const { bytes, text, inputs } = await bundle(true);
  expect(inputs.filter((input) => input.startsWith("node:") || /typescript|unplugin|^plugin\//.test(input))).toEqual([]);
  expect(inputs.filter((input) => input.startsWith("src/") && /src\/mcp\/(http|serve-http|stdio|node-request|node-response|index)\.ts$/.test(input))).toEqual([]);
  expect(text).not.toMatch(/["']node:[a-z_/]+["']/);
  const gzipped = gzipSync(bytes).length;
  console.log(`wymcp/fetch Worker bundle: ${bytes.length} bytes minified, ${gzipped} bytes gzipped (budget ${GZIP_BUDGET})`);
  expect(gzipped).toBeLessThanOrEqual(GZIP_BUDGET);
});

test("no eval anywhere in the bundle; new Function only in Ajv's compiler, which the fetch handler never reaches", async () => {
  const { text, inputs } = await bundle(false);
  const codegen = linesByModule(text).filter(({ line }) => /\beval\(|\bnew Function\b/.test(line));
  expect(codegen.filter(({ line }) => /\beval\(/.test(line))).toEqual([]);
  expect(codegen.map(({ module }) => module)).toEqual(["node_modules/ajv/dist/compile/index.js"]);
  // The validator the handler gives the SDK server instead: no code generation in it.
  expect(inputs).toContain("node_modules/@modelcontextprotocol/sdk/dist/esm/validation/cfworker-provider.js");
});
