// 5. Build overhead: a generated project (200 tool files among 1,000
// modules) built with each bundler, plugin on vs plugin off; and how the
// plugin's cost grows from 50 to 200 to 800 tool files.
//
// Every build runs in a fresh Node process, as `vite build` or `webpack`
// does: the time measured runs from loading the bundler (and, plugin on, the
// plugin — which loads oxc-parser when a file needs checking) to the end of
// the build; Node's own start is left out. Samples alternate off/on and the
// medians are compared. The esbuild rounds also record each process's peak
// memory (max RSS): a first build with the plugin against the plain build.
// Another Node: WYMCP_BENCH_NODE=/path/to/node.
//
//   npm run build && node bench/run.mjs build
//   WYMCP_BENCH_REPS=9 node bench/run.mjs build     (more samples)
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { median, record } from "./compare.mjs";

const here = fileURLToPath(import.meta.url);
const repo = fileURLToPath(new URL("..", import.meta.url));
let measuredDist;

/** The plugin build measured: `WYMCP_BENCH_DIST`, or an installed copy of `dist`, made on first use (not by a script that only imports this one). */
function dist() {
  measuredDist ??= process.env.WYMCP_BENCH_DIST === undefined ? installedCopy() : resolve(repo, process.env.WYMCP_BENCH_DIST);
  return measuredDist;
}

/**
 * The built package as a project installs it: `dist` and `package.json` under a
 * `node_modules` folder (the repository's own, so its dependencies resolve). The
 * plugin then stamps its cache with its version, as it does for users, instead of
 * listing the files of a development checkout on every build. Children get the
 * copy their parent made.
 */
function installedCopy() {
  const folder = join(repo, "node_modules/.wymcp-bench/wymcp");
  if (!process.argv.includes("--child")) {
    rmSync(folder, { recursive: true, force: true });
    cpSync(join(repo, "dist"), join(folder, "dist"), { recursive: true });
    cpSync(join(repo, "package.json"), join(folder, "package.json"));
  }
  return join(folder, "dist");
}

/** Bundlers, their empty-cache targets (on / off), and how many off/on pairs each gets (fewer for the slow ones). */
const BUNDLERS = [
  { name: "vite", target: 1.5, reps: 7 },
  { name: "rollup", target: 1.1, reps: 3 },
  { name: "rolldown", target: 1.5, reps: 9 },
  { name: "esbuild", target: 1.5, reps: 7 },
  { name: "webpack", target: 1.1, reps: 3 },
  { name: "rspack", target: 1.5, reps: 7 },
];
/** Targets for every bundler: a build with the cache kept, and one after a tool file was edited. */
const KEPT_TARGET = 1.05;
const EDITED_TARGET = 1.15;
/** Peak memory of a first esbuild build with the plugin, over the plain build. */
const MEMORY_TARGET = 1.5;
const nodeBinary = process.env.WYMCP_BENCH_NODE ?? process.execPath;
const peakMemory = { off: [], cold: [], parse: [] };
const extraReps = Number(process.env.WYMCP_BENCH_REPS ?? 0);

// ---------------------------------------------------------------------------
// The generated project

const ORDINARY = 800;

/**
 * Writes a project of `tools` tool files and `ordinary` other modules into a
 * fresh temporary folder: `src/index.ts` imports every module, tool files
 * import shared schema constants and a few library modules, library modules
 * import each other (a DAG), and one in ten of them imports a type from
 * wymcp (so it passes the plugin's cheap code filter without declaring a
 * tool).
 */
export function generateProject(tools, ordinary = ORDINARY) {
  const root = mkdtempSync(join(tmpdir(), "wymcp-build-bench-"));
  // As in any project: the plugin keeps its verdict cache under node_modules/.cache.
  mkdirSync(join(root, "node_modules"));
  const write = (name, text) => {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  };
  write("src/shared/schemas.ts", sharedSchemas());
  for (let index = 0; index < ordinary; index++) write(`src/lib/m${index}.ts`, ordinaryModule(index, ordinary));
  for (let index = 0; index < tools; index++) write(`src/tools/tool${index}.ts`, toolModule(index, ordinary));
  const imports = [
    ...Array.from({ length: tools }, (_, index) => `import { tool${index} } from "./tools/tool${index}.js";`),
    ...Array.from({ length: ordinary }, (_, index) => `import { run${index} } from "./lib/m${index}.js";`),
  ];
  write(
    "src/index.ts",
    [
      ...imports,
      `export const tools = [${Array.from({ length: tools }, (_, index) => `tool${index}`).join(", ")}];`,
      `export const runners = [${Array.from({ length: ordinary }, (_, index) => `run${index}`).join(", ")}];`,
      "",
    ].join("\n"),
  );
  // webpack's TypeScript loader: types stripped by typescript.transpileModule, nothing else (as in the plugin tests).
  write(
    "ts-loader.cjs",
    [
      `const ts = require(${JSON.stringify(join(repo, "node_modules/typescript"))});`,
      "module.exports = function transpile(source) {",
      "  return ts.transpileModule(source, { fileName: this.resourcePath, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;",
      "};",
      "",
    ].join("\n"),
  );
  return root;
}

function sharedSchemas() {
  return `// Property schemas shared by every tool.
export const paging = {
  limit: { type: "number", description: "How many to return (1-100)" },
  cursor: { type: "string", description: "Where the previous page ended" },
} as const;

export const idProperty = { type: "string", description: "The record's id", minLength: 1 } as const;

export const auditFields = {
  createdBy: { type: "string" },
  reason: { type: "string", description: "Why the change was made" },
} as const;

export const SORT_ORDERS = ["asc", "desc"] as const;
`;
}

function toolModule(index, ordinary) {
  const lib = (offset) => (index * 7 + offset) % ordinary;
  return `// Tool ${index}: records of collection ${index}.
import { defineTool } from "wymcp";
import { auditFields, idProperty, paging, SORT_ORDERS } from "../shared/schemas.js";
import { run${lib(1)} } from "../lib/m${lib(1)}.js";
import { run${lib(2)}, type Shape${lib(2)} } from "../lib/m${lib(2)}.js";

const recordProperties = {
  name: { type: "string", description: "Display name", minLength: 1 },
  tags: { type: "array", items: { type: "string" }, description: "Free-form labels" },
  priority: { type: "number", enum: [1, 2, 3] },
  owner: {
    type: "object",
    properties: { id: idProperty, email: { type: "string", format: "email" } },
    required: ["id"],
    additionalProperties: false,
  },
  schedule: {
    type: "object",
    properties: {
      due: { type: "string", format: "date-time" },
      repeat: { type: "object", properties: { every: { type: "number" }, unit: { type: "string", enum: ["day", "week", "month"] } } },
    },
  },
  metadata: { type: "object", additionalProperties: { type: "string" } },
} as const;

const createSchema = {
  description: "Create a record in collection ${index}",
  properties: { ...recordProperties, ...auditFields },
  required: ["name"],
  defaults: { tags: [], schedule: {} },
  notes: "Names need not be unique; ids are assigned by the server.",
  examples: [{ name: "First record", tags: ["demo"] }],
} as const;

export const tool${index} = defineTool({
  name: "records_${index}",
  description: "Records of collection ${index}",
  actions: {
    create: createSchema,
    list: {
      description: "List records, newest first",
      properties: { ...paging, order: { type: "string", enum: SORT_ORDERS }, tag: { type: "string" } },
      defaults: { limit: 20, order: "desc" },
      related: ["get"],
    },
    get: {
      description: "Fetch one record",
      properties: { id: idProperty },
      required: ["id"],
    },
    update: {
      description: "Change a record",
      properties: { id: idProperty, ...recordProperties, ...auditFields },
      required: ["id"],
      requiredOneOf: [["name"], ["tags"], ["priority"], ["owner"], ["schedule"]],
    },
    remove: {
      description: "Delete a record",
      properties: { id: idProperty, reason: auditFields.reason },
      required: ["id"],
      examples: [{ id: "r-1", reason: "duplicate" }],
    },
  },
  handlers: {
    create: async (data) => ({ created: run${lib(1)}(String(data.name)) }),
    list: async (data) => ({ items: [] as Shape${lib(2)}[], limit: data.limit }),
    get: async (data) => ({ id: data.id }),
    update: async (data) => ({ updated: run${lib(2)}(String(data.id)) }),
    remove: async (data) => ({ removed: data.id }),
  },
});
`;
}

function ordinaryModule(index, ordinary) {
  const dependencies = [1, 2, 3].map((step) => index - step * 13).filter((dependency) => dependency >= 0);
  const wymcpType = index % 10 === 5 ? `import type { Tool } from "wymcp";\n` : "";
  return `// Library module ${index} of ${ordinary}.
${wymcpType}${dependencies.map((dependency) => `import { run${dependency} } from "./m${dependency}.js";`).join("\n")}

export interface Shape${index} {
  readonly id: string;
  readonly name: string;
  readonly tags: readonly string[];
  readonly weight: number;
}

export const CONFIG_${index} = { retries: ${index % 5}, label: "m${index}", enabled: ${index % 2 === 0} } as const;

export class Service${index} {
  private readonly cache = new Map<string, Shape${index}>();

  get(id: string): Shape${index} | undefined {
    return this.cache.get(id);
  }

  put(shape: Shape${index}): void {
    if (this.cache.size > ${100 + index}) this.cache.clear();
    this.cache.set(shape.id, shape);
  }

  heaviest(): Shape${index} | undefined {
    let best: Shape${index} | undefined;
    for (const shape of this.cache.values()) if (best === undefined || shape.weight > best.weight) best = shape;
    return best;
  }
}

export function run${index}(input: string): string {
  const parts: string[] = [input, CONFIG_${index}.label];
${dependencies.map((dependency) => `  parts.push(run${dependency}(input.slice(0, ${dependency % 7})));`).join("\n")}
  return parts.join(":");
}
${wymcpType === "" ? "" : `\nexport const toolNames${index} = (tools: readonly Tool[]): string[] => tools.map((tool) => tool.name);\n`}`;
}

// ---------------------------------------------------------------------------
// One build, in a child process

const packageExports = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).exports;

/** The built plugin entry of `bundler`, where package.json exports it, or beside the shared core in a build made before the sub-folders. */
function pluginEntry(bundler) {
  const exported = join(dist(), packageExports[`./${bundler}`].default.replace(/^\.\/dist\//, ""));
  return existsSync(exported) ? exported : join(dist(), `plugin/bundler/${bundler}.js`);
}

/** Builds the project at `root` with `bundler`; returns the milliseconds from loading the bundler to the end of the build. */
async function buildOnce(bundler, root, withPlugin) {
  const started = performance.now();
  const entry = join(root, "src/index.ts");
  const plugin = async () => (withPlugin ? [(await import(pathToFileURL(pluginEntry(bundler)).href)).default()] : []);
  switch (bundler) {
    case "esbuild": {
      const esbuild = await import("esbuild");
      await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        format: "esm",
        platform: "node",
        external: ["wymcp"],
        logLevel: "silent",
        plugins: await plugin(),
      });
      break;
    }
    case "rolldown": {
      const { rolldown } = await import("rolldown");
      const bundle = await rolldown({
        input: entry,
        external: ["wymcp"],
        logLevel: "silent",
        resolve: { extensionAlias: { ".js": [".ts", ".js"] } },
        plugins: await plugin(),
      });
      await bundle.generate({ format: "es" });
      await bundle.close();
      break;
    }
    case "vite": {
      const { build } = await import("vite");
      await build({
        root,
        configFile: false,
        logLevel: "silent",
        plugins: await plugin(),
        build: {
          write: false,
          minify: false,
          target: "node22",
          lib: { entry, formats: ["es"], fileName: () => "index.mjs" },
          rollupOptions: { external: ["wymcp"] },
        },
      });
      break;
    }
    case "rollup": {
      const { rollup } = await import("rollup");
      const bundle = await rollup({
        input: entry,
        external: ["wymcp"],
        onwarn: () => {},
        plugins: [...(await plugin()), await stripTypes()],
      });
      await bundle.generate({ format: "es" });
      await bundle.close();
      break;
    }
    case "webpack":
    case "rspack": {
      const compile = bundler === "webpack" ? (await import("webpack")).default : (await import("@rspack/core")).rspack;
      const loader =
        bundler === "webpack"
          ? { loader: join(root, "ts-loader.cjs") }
          : { loader: "builtin:swc-loader", options: { jsc: { parser: { syntax: "typescript" }, target: "es2022" } } };
      const compiler = compile({
        mode: "none",
        context: root,
        entry,
        target: "node",
        devtool: false,
        cache: false,
        output: { path: join(root, `out-${bundler}-${withPlugin ? "on" : "off"}`), filename: "index.cjs", library: { type: "commonjs2" } },
        externals: { wymcp: "commonjs wymcp" },
        resolve: { extensions: [".ts", ".js"], extensionAlias: { ".js": [".ts", ".js"] } },
        module: { rules: [{ test: /\.ts$/, ...loader }] },
        plugins: await plugin(),
        infrastructureLogging: { level: "none" },
      });
      const stats = await new Promise((done, fail) =>
        compiler.run((error, result) => compiler.close(() => (error ? fail(error) : done(result)))),
      );
      if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
      break;
    }
    case "parse":
      await parseAlone(root);
      break;
    default:
      throw new Error(`unknown bundler ${bundler}`);
  }
  return performance.now() - started;
}

/**
 * Not a build: what a first build's check cannot do without, for the memory
 * it costs — a check worker (the plugin's young-generation limit) that loads
 * oxc-parser and parses the modules the plugin parses in that build (the
 * tool files and the shared module whose constants they spread; the library
 * modules that import only wymcp's types are wymcp-free in esbuild's graph,
 * never parsed), with raw transfer where supported, as check workers parse,
 * keeping nothing.
 */
async function parseAlone(root) {
  const { CHECK_YOUNG_GENERATION_MB } = await import(pathToFileURL(join(dist(), "plugin/check/young-generation.js")).href);
  const tools = readdirSync(join(root, "src/tools")).map((name) => join(root, "src/tools", name));
  const files = [...tools, join(root, "src/shared/schemas.ts")];
  const source = `
    const { workerData } = require("node:worker_threads");
    const { readFileSync } = require("node:fs");
    import(workerData.parser).then(({ parseSync, rawTransferSupported }) => {
      const experimentalRawTransfer = rawTransferSupported();
      for (const file of workerData.files) parseSync(file, readFileSync(file, "utf8"), { experimentalRawTransfer }).program;
    });`;
  const worker = new Worker(source, {
    eval: true,
    workerData: { files, parser: import.meta.resolve("oxc-parser") },
    resourceLimits: { maxYoungGenerationSizeMb: CHECK_YOUNG_GENERATION_MB },
  });
  const [exitCode] = await once(worker, "exit");
  if (exitCode !== 0) throw new Error(`the parsing worker exited with code ${exitCode}`);
}

/** Rollup reads no TypeScript: `.js` specifiers resolved to `.ts` files, types stripped by esbuild's transform. */
async function stripTypes() {
  const { transform } = await import("esbuild");
  const { existsSync } = await import("node:fs");
  const { dirname, resolve } = await import("node:path");
  return {
    name: "bench-strip-types",
    resolveId(source, importer) {
      if (importer === undefined || !source.startsWith(".")) return null;
      const candidate = resolve(dirname(importer), source).replace(/\.js$/, ".ts");
      return existsSync(candidate) ? candidate : null;
    },
    async transform(code, id) {
      if (!id.endsWith(".ts")) return null;
      return { code: (await transform(code, { loader: "ts", format: "esm", target: "es2022" })).code, map: null };
    },
  };
}

/**
 * Runs one build in a fresh Node process, with the plugin of `pluginDist`
 * when `withPlugin`: its wall and CPU milliseconds and its peak memory (MB).
 */
export function runBuild(bundler, root, withPlugin, pluginDist = dist()) {
  const child = spawnSync(nodeBinary, [here, "--child", bundler, root, withPlugin ? "on" : "off"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WYMCP_BENCH_DIST: pluginDist },
  });
  if (child.status !== 0) throw new Error(`${bundler} (${withPlugin ? "plugin on" : "plugin off"}) failed:\n${child.stderr}`);
  const [wall, cpu, rss] = child.stdout.trim().split("\n").at(-1).split(" ").map(Number);
  return { wall, cpu, rss };
}

/** Runs one build in a fresh Node process and returns its milliseconds. */
function timeBuild(bundler, root, withPlugin) {
  const { wall, rss } = runBuild(bundler, root, withPlugin);
  lastPeakMemory = rss;
  return wall;
}

/**
 * Median milliseconds of builds with the plugin off; on with an empty cache
 * (a first build, or CI without `node_modules/.cache`); on with the cache the
 * previous build left (every later build); and on after one tool file was
 * edited (the edit-and-rebuild loop: that file is checked, so TypeScript is
 * loaded). Samples interleaved, so drift in the machine's load touches all
 * four alike.
 */
function measure(bundler, root, reps) {
  const cacheFolder = join(root, "node_modules/.cache/wymcp");
  const edited = join(root, "src/tools/tool0.ts");
  const samples = { off: [], cold: [], warm: [], edited: [] };
  timeBuild(bundler, root, false); // warms the file system cache
  // The order within each round rotates (an empty-cache build always comes before the ones that keep its cache), so no position is favoured.
  const orders = [
    ["off", "cold", "warm", "edited"],
    ["cold", "edited", "warm", "off"],
    ["cold", "off", "warm", "edited"],
  ];
  for (let index = 0; index < reps; index++) {
    for (const kind of orders[index % orders.length]) {
      if (kind === "cold") rmSync(cacheFolder, { recursive: true, force: true });
      if (kind === "edited") appendFileSync(edited, `// edit ${bundler} ${index}\n`);
      samples[kind].push(timeBuild(bundler, root, kind !== "off"));
      if (bundler === "esbuild" && (kind === "off" || kind === "cold")) peakMemory[kind].push(lastPeakMemory);
    }
    if (bundler === "esbuild") {
      timeBuild("parse", root, true);
      peakMemory.parse.push(lastPeakMemory);
    }
  }
  // The ratio of each build to the plugin-off build of its round, then the median: the machine's load drifts less within a round than across the run.
  const ratio = (on) => median(on.map((value, index) => value / samples.off[index]));
  return {
    off: median(samples.off),
    cold: median(samples.cold),
    warm: median(samples.warm),
    edited: median(samples.edited),
    coldRatio: ratio(samples.cold),
    warmRatio: ratio(samples.warm),
    editedRatio: ratio(samples.edited),
    samples,
  };
}

let lastPeakMemory = 0;

const ms = (value) => `${value.toFixed(0)} ms`;
const verdict = (ratio, target) => (ratio <= target ? "met" : "missed");

// ---------------------------------------------------------------------------
// The suite

export async function run() {
  const only = process.env.WYMCP_BENCH_BUNDLERS?.split(",");
  const root = generateProject(200);
  const table = [];
  try {
    for (const { name, target, reps } of BUNDLERS) {
      if (only !== undefined && !only.includes(name)) continue;
      const { off, cold, warm, edited, coldRatio, warmRatio, editedRatio, samples } = measure(name, root, reps + extraReps);
      console.log(
        `  ${name}: off ${samples.off.map(ms).join(", ")} | on, empty cache ${samples.cold.map(ms).join(", ")} | on, cache kept ${samples.warm.map(ms).join(", ")} | on, one tool file edited ${samples.edited.map(ms).join(", ")}`,
      );
      record(
        `build overhead, ${name}, cache kept (200 tool files among 1,000 modules)`,
        "plugin off (median of paired ratios)",
        warmRatio,
        1,
        KEPT_TARGET,
      );
      record(
        `build overhead, ${name}, cache kept, one tool file edited`,
        "plugin off (median of paired ratios)",
        editedRatio,
        1,
        EDITED_TARGET,
      );
      record(`build overhead, ${name}, empty cache`, "plugin off (median of paired ratios)", coldRatio, 1, target);
      table.push({ name, off, cold, warm, edited, coldRatio, warmRatio, editedRatio, target });
      if (name === "esbuild") {
        const memoryRatio = median(peakMemory.cold.map((value, index) => value / peakMemory.off[index]));
        console.log(
          `  esbuild peak memory (max RSS): off ${median(peakMemory.off).toFixed(0)} MB, on with an empty cache ${median(peakMemory.cold).toFixed(0)} MB, ratio ${memoryRatio.toFixed(2)} (target ≤ ${MEMORY_TARGET})`,
        );
        record(
          "build peak memory, esbuild, empty cache (200 tool files)",
          "plugin off (median of paired ratios)",
          memoryRatio,
          1,
          MEMORY_TARGET,
        );
        // What bounds it: the parses alone, in a check worker, against the same plain builds.
        const parseRatio = median(peakMemory.parse.map((value, index) => value / peakMemory.off[index]));
        console.log(
          `  the parses alone (a check worker parsing the modules a first build parses, nothing else): ${median(peakMemory.parse).toFixed(0)} MB, ${parseRatio.toFixed(2)} × the plain build`,
        );
        record(
          "build peak memory, the parses alone (a check worker parsing what a first build parses)",
          "esbuild, plugin off (median of paired ratios)",
          parseRatio,
          1,
        );
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  // Scaling: the plugin's cost with an empty cache (on − off; esbuild, the bundler that adds least of its own) with 50, 200 and 800 tool files beside the same 800 other modules.
  const scaling = [];
  if (only === undefined || only.includes("scaling")) {
    for (const tools of [50, 200, 800]) {
      const project = generateProject(tools);
      try {
        const { off, cold, warm } = measure("esbuild", project, 3 + extraReps);
        scaling.push({ tools, off, cold, warm });
        console.log(
          `  esbuild, ${tools} tool files: off ${ms(off)}, empty cache ${ms(cold)} (${(((cold - off) / tools) * 1000).toFixed(0)} µs per tool file), cache kept ${ms(warm)} (${(((warm - off) / tools) * 1000).toFixed(0)} µs per tool file)`,
        );
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    }
    // Linear: each tool file added from 200 to 800 costs no more than each added from 50 to 200 (a term growing faster than the count would make it grow).
    const [small, middle, large] = scaling;
    const marginalLow = (middle.cold - middle.off - (small.cold - small.off)) / (middle.tools - small.tools);
    const marginalHigh = (large.cold - large.off - (middle.cold - middle.off)) / (large.tools - middle.tools);
    console.log(
      `  marginal cost per tool file, empty cache: 50→200 ${(marginalLow * 1000).toFixed(0)} µs, 200→800 ${(marginalHigh * 1000).toFixed(0)} µs`,
    );
    record("build overhead scaling: ms per tool file added 200→800 vs 50→200 (empty cache)", "50→200", marginalHigh, marginalLow, 1.25);
  }

  console.log("\nMedian times; ratios are medians of each build over the plugin-off build beside it.");
  console.log(
    "\n| bundler | plugin off | on, cache kept | ratio | one tool file edited | ratio | on, empty cache | ratio | target | met (kept / edited / empty) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const row of table) {
    const { warmRatio: kept, editedRatio: edited, coldRatio: empty } = row;
    console.log(
      `| ${row.name} | ${ms(row.off)} | ${ms(row.warm)} | ${kept.toFixed(2)} | ${ms(row.edited)} | ${edited.toFixed(2)} | ${ms(row.cold)} | ${empty.toFixed(2)} | ≤ ${KEPT_TARGET} / ${EDITED_TARGET} / ${row.target} | ${verdict(kept, KEPT_TARGET)} / ${verdict(edited, EDITED_TARGET)} / ${verdict(empty, row.target)} |`,
    );
  }
  if (scaling.length > 0) {
    console.log(
      "\n| tool files | plugin off | on, empty cache | per tool file | on, cache kept | per tool file |\n| --- | --- | --- | --- | --- | --- |",
    );
    for (const row of scaling) {
      console.log(
        `| ${row.tools} | ${ms(row.off)} | ${ms(row.cold)} | ${(((row.cold - row.off) / row.tools) * 1000).toFixed(0)} µs | ${ms(row.warm)} | ${(((row.warm - row.off) / row.tools) * 1000).toFixed(0)} µs |`,
      );
    }
  }
}

if (process.argv[1] === here && process.argv[2] === "--child") {
  const [, , , bundler, root, mode] = process.argv;
  const cpu = process.cpuUsage();
  const elapsed = await buildOnce(bundler, root, mode === "on");
  const used = process.cpuUsage(cpu);
  // Wall time (what is compared), then this process's CPU time, all threads (for diagnosis; esbuild's own process is not in it).
  // Then the peak resident memory of the process, in MB (maxRSS is in KB).
  process.stdout.write(`${elapsed} ${(used.user + used.system) / 1000} ${process.resourceUsage().maxRSS / 1024}\n`);
}
