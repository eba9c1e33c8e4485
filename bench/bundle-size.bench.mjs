// 10. Sizes, gzipped: the runtime entry (defineTool + createRouter, as
// test/runtime-bundle.slow.test.ts bundles it) and the Cloudflare Worker recipe
// (as test/fetch-bundle.slow.test.ts bundles it), each against its target, and
// what each is made of — every module's share (what leaving it out saves,
// gzipped with the rest), the wording the runtime carries, and the MCP
// SDK's share measured alone. Needs `npm run build` (the recipe bundles dist/).
import { build, transform } from "esbuild";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { record } from "./compare.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const recipe = new URL("../examples/deploy/cloudflare-worker/build.mjs", import.meta.url);
const KIB = 1024;

export async function run() {
  const runtime = await bundled({
    stdin: { contents: 'export { defineTool, createRouter } from "wymcp";', resolveDir: root, loader: "ts" },
    alias: { wymcp: `${root}src/index.ts` },
    bundle: true,
    format: "esm",
    platform: "neutral",
  });
  record("runtime entry, gzipped bytes", "24 KiB (issue 29)", runtime.gzip, 24 * KIB, 1.0);
  await printShares("runtime entry", runtime, (module) =>
    module.includes("@cfworker/json-schema") ? "@cfworker/json-schema" : module.split("/").slice(0, -1).join("/"),
  );
  const wording = await wordingOf(runtime.modules.filter(({ module }) => module.startsWith("src/")));
  console.log(
    `runtime entry: wymcp's own code ${wording.code} bytes gzipped, of which its sentences (string literals with a space: ` +
      `every problem, fix and message) ${wording.sentences} bytes gzipped alone; without any string literal ${wording.bare} bytes`,
  );

  const { options } = await import(pathToFileURL(recipe.pathname).href);
  const worker = await bundled(options);
  record("Worker recipe bundle, gzipped bytes", "96 KiB (issue 25)", worker.gzip, 96 * KIB, 1.0);
  await printShares("Worker recipe", worker, (module) => {
    const found = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
    if (found !== null) return found[1];
    return module.includes("dist/src/")
      ? `wymcp ${
          module
            .replace(/.*dist\/src\//, "")
            .split("/")
            .slice(0, -1)
            .join("/") || "."
        }`
      : "the example";
  });
  // What the Worker pays for the SDK whatever wymcp does: the names wymcp imports, bundled alone with the recipe's options.
  const sdk = await bundled({
    ...options,
    entryPoints: undefined,
    outfile: undefined,
    plugins: [],
    stdin: { contents: sdkImports(worker.inputs, options.absWorkingDir), resolveDir: root, loader: "js" },
  });
  record("the MCP SDK alone (the names wymcp imports), gzipped bytes", "96 KiB (issue 25)", sdk.gzip, 96 * KIB);
}

/** A bundle, minified and gzipped, and its modules (esbuild heads each with a `// path` comment when whitespace is kept). */
async function bundled(options) {
  const common = { ...options, write: false, logLevel: "silent", minify: false };
  const result = await build({ ...common, minify: true, metafile: true });
  const minified = result.outputFiles[0];
  const split = (await build({ ...common, minifySyntax: true, minifyIdentifiers: true })).outputFiles[0].text;
  const modules = [];
  let current = { module: "<prelude>", lines: [] };
  for (const line of split.split("\n")) {
    const header = /^\/\/ (\S+\.(?:[cm]?js|ts|json))$/.exec(line);
    if (header === null) current.lines.push(line);
    else modules.push((current = { module: header[1].replace(/^(\.\.\/)+/, ""), lines: [] }));
  }
  return {
    gzip: gzipSync(minified.contents).length,
    bytes: minified.contents.length,
    inputs: Object.keys(result.metafile.inputs),
    modules,
  };
}

/** Each group's share: the gzipped size of everything minus what leaving the group out gives (whitespace minified per bundle). */
async function printShares(title, bundle, groupOf) {
  const whole = await squeezed(bundle.modules);
  const groups = [...new Set(bundle.modules.map(({ module }) => groupOf(module)))];
  const shares = [];
  for (const group of groups)
    shares.push([group, whole - (await squeezed(bundle.modules.filter(({ module }) => groupOf(module) !== group)))]);
  console.log(`${title}: ${bundle.bytes} bytes minified, ${bundle.gzip} gzipped; share of each part, gzipped:`);
  for (const [group, share] of shares.sort((a, b) => b[1] - a[1])) if (share > 0) console.log(`  ${String(share).padStart(6)}  ${group}`);
}

/** Modules' code, whitespace minified and gzipped; the bundle's closing export list (naming what may be left out) dropped. */
async function squeezed(modules) {
  const code = modules
    .map(({ lines }) => lines.join("\n"))
    .join("\n")
    .replace(/export\s*\{[^}]*\};?\s*$/, "");
  return gzipSync((await transform(code, { minifyWhitespace: true })).code).length;
}

/** The gzipped size of wymcp's own modules, of their sentences alone, and of them without any string literal. */
async function wordingOf(modules) {
  const code = (
    await transform(
      modules
        .map(({ lines }) => lines.join("\n"))
        .join("\n")
        .replace(/export\s*\{[^}]*\};?\s*$/, ""),
      { minifyWhitespace: true },
    )
  ).code;
  const literal = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
  const sentences = [...code.matchAll(literal)].map(([text]) => text).filter((text) => text.includes(" "));
  return {
    code: gzipSync(code).length,
    sentences: gzipSync(sentences.join("\n")).length,
    bare: gzipSync(code.replace(literal, '""')).length,
  };
}

/** The names wymcp's bundled modules import from the SDK (value imports: the built JavaScript has no type imports left). */
function sdkImports(inputs, workingDir) {
  const names = new Set();
  for (const input of inputs.filter((path) => path.includes("dist/src/"))) {
    const text = readFileSync(resolve(workingDir ?? dirname(recipe.pathname), input), "utf8");
    for (const [, list] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@modelcontextprotocol\/server"/g))
      for (const name of list.split(",")) if (name.trim() !== "") names.add(name.trim().split(/\s+as\s+/)[0]);
  }
  return `export { ${[...names].sort().join(", ")} } from "@modelcontextprotocol/server";`;
}
