/**
 * The fetch-handler entry as a Worker bundles it: the Cloudflare Worker
 * recipe built with exactly its options (examples/deploy/cloudflare-worker/
 * build.mjs: esbuild, `platform: "neutral"` — no Node built-ins resolvable,
 * so any `node:` import would fail the build — the Workers conditions, the
 * wymcp plugin; no alias: the SDK's `workerd` condition leaves Ajv out), everything bundled:
 * wymcp/fetch, the tasks example, the MCP SDK, zod, the cfworker validator.
 * It stays within its size budget, imports no `node:` module and holds no
 * code generation from strings. The workerd tests (test/deploy-recipes.slow.test.ts,
 * test/runtime-workerd.slow.test.ts) run such bundles where code generation
 * throws. Needs `npm run build` (the plugin and wymcp/fetch come from dist/).
 */
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";
import { expect, test } from "vitest";

const recipe = new URL("../examples/deploy/cloudflare-worker/build.mjs", import.meta.url);

/**
 * The budget of the recipe's minified Worker bundle, gzipped, in bytes.
 * Issue 25 asks for 96 KiB; measured 144.4 KB (BENCHMARKS §11,
 * `node bench/run.mjs bundle-size`). The MCP SDK v2 alone — the names
 * wymcp imports from it, bundled with the recipe's options and nothing
 * else — is 86.1 KB gzipped (the server package 51.0 KB and zod 30.6 KB of
 * this bundle, its own inlined cfworker validator among them); wymcp's
 * runtime and HTTP layer are 54.4 KB, its cfworker validator 6.4 KB, the
 * tasks example 3.3 KB. This budget keeps the bundle from growing unnoticed.
 */
const GZIP_BUDGET = 148 * 1024;

async function bundle(minify: boolean) {
  const { options } = (await import(pathToFileURL(recipe.pathname).href)) as { options: BuildOptions };
  const result = await build({ ...options, minify, write: false, metafile: true, logLevel: "silent" });
  return { text: result.outputFiles[0]!.text, bytes: result.outputFiles[0]!.contents, inputs: Object.keys(result.metafile.inputs) };
}

/** Each line of an unminified bundle with the module it came from (esbuild heads every module with a `// path` comment). */
function linesByModule(text: string): { module: string; line: string }[] {
  let module = "<prelude>";
  return text.split("\n").map((line) => {
    const header = /^\/\/ (\S+\.(?:[cm]?js|ts|json))$/.exec(line);
    if (header !== null) module = header[1]!.replace(/^(\.\.\/)+/, "");
    return { module, line };
  });
}

test("the recipe's Worker bundle imports no node: module and no build-time code, and stays within its gzip budget", async () => {
  const { bytes, text, inputs } = await bundle(true);
  expect(inputs.filter((input) => input.startsWith("node:") || /typescript|unplugin|dist\/plugin\//.test(input))).toEqual([]);
  expect(
    inputs.filter((input) => /dist\/src\/mcp\/(http\/(node-handler|serve|node-request|node-response)|stdio|index)\.js$/.test(input)),
  ).toEqual([]);
  expect(inputs).toContain("../../../dist/src/mcp/fetch-entry.js");
  expect(text).not.toMatch(/["']node:[a-z_/]+["']/);
  expect(text).not.toMatch(/\bnew Function\b|\beval\(/);
  const gzipped = gzipSync(bytes).length;
  // The sizes are told when the budget is broken, not printed on every green run.
  expect(
    gzipped,
    `Cloudflare Worker recipe bundle: ${bytes.length} bytes minified, ${gzipped} bytes gzipped (budget ${GZIP_BUDGET})`,
  ).toBeLessThanOrEqual(GZIP_BUDGET);
});

test("no code generation from strings in the Worker bundle: no eval, no new Function, no Ajv", async () => {
  const { text, inputs } = await bundle(false);
  const lines = linesByModule(text);
  expect(lines.filter(({ line }) => /\beval\(|\bnew Function\b|\bFunction\(/.test(line))).toEqual([]);
  // Ajv and what only it needs stay out with no alias: the SDK's `workerd` export condition picks the cfworker validator.
  expect(inputs.filter((input) => /node_modules\/(ajv|ajv-formats|fast-uri|fast-deep-equal|json-schema-traverse)\//.test(input))).toEqual(
    [],
  );
  expect(inputs).toContain("../../../node_modules/@modelcontextprotocol/server/dist/shimsWorkerd.mjs");
  expect(inputs.filter((input) => input.includes("@modelcontextprotocol/server/dist/shimsNode"))).toEqual([]);
  // The one place `Function` is taken as a value: zod 4's JIT, behind its
  // `allowsEval` probe, which answers no on Cloudflare (by user agent) before trying.
  expect([...new Set(lines.filter(({ line }) => /=\s*Function\b/.test(line)).map(({ module }) => module))]).toEqual([
    "node_modules/zod/v4/core/util.js",
    "node_modules/zod/v4/core/doc.js",
  ]);
});
