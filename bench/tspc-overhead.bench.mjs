// 5 (tsc part). Build overhead of the wymcp transformer: `tspc` with the
// plugin vs plain `tsc` on a generated project (200 tool files among 1,000
// modules), plus `tspc` without the plugin to show what ts-patch itself costs.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { record } from "./compare.mjs";

const root = resolve(import.meta.dirname, "..");
const bin = (name) => join(root, "node_modules", ".bin", name);

function toolFile(index) {
  return `import { defineTool } from "wymcp";
import { LIMIT } from "./module${index}.js";

export const tool${index} = defineTool({
  name: "tool${index}",
  description: "Generated tool ${index}",
  actions: {
    create: {
      description: "Create item ${index}",
      properties: { name: { type: "string" }, opts: { type: "object", properties: { due: { type: "string" }, tags: { type: "array", items: { type: "string" } } } } },
      required: ["name"],
      defaults: { opts: {} },
    },
    list: { description: "List items", properties: { limit: { type: "integer", maximum: LIMIT } }, notes: "Newest first." },
    close: { description: "Close an item", properties: { id: { type: "integer" } }, required: ["id"], related: ["create"] },
  },
  handlers: { create: (data) => ({ id: 1, ...data }), list: () => [], close: (data) => ({ closed: data.id }) },
});
`;
}

function moduleFile(index, count) {
  const next = (index + 1) % count;
  return `import type { Shape${next} } from "./module${next}.js";
export const LIMIT = ${100 + index};
export interface Shape${index} { readonly id: number; readonly label: string; readonly next?: Shape${next} }
export function make${index}(id: number): Shape${index} { return { id, label: \`item \${id}\` }; }
`;
}

/** A project of `modules` modules, `tools` of them declaring a tool, compiled with or without the plugin. */
export function generate(tools, modules) {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-tspc-bench-"));
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(root, join(dir, "node_modules", "wymcp"), "dir");
  for (let index = 0; index < modules; index++) writeFileSync(join(dir, "src", `module${index}.ts`), moduleFile(index, modules));
  for (let index = 0; index < tools; index++) writeFileSync(join(dir, "src", `tool${index}.ts`), toolFile(index));
  const options = { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, outDir: "dist", types: [] };
  writeFileSync(join(dir, "tsconfig.plain.json"), JSON.stringify({ compilerOptions: options, include: ["src"] }));
  writeFileSync(join(dir, "tsconfig.plugin.json"), JSON.stringify({ compilerOptions: { ...options, plugins: [{ transform: "wymcp/transformer", transformProgram: true }] }, include: ["src"] }));
  return dir;
}

function seconds(dir, compiler, config) {
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  const start = performance.now();
  execFileSync(process.execPath, [bin(compiler), "-p", config], { cwd: dir, stdio: "pipe" });
  return (performance.now() - start) / 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run() {
  const dir = generate(200, 800);
  try {
    const runs = { tsc: [], tspcPlain: [], tspcPlugin: [] };
    seconds(dir, "tsc", "tsconfig.plain.json"); // warm the file cache
    for (let round = 0; round < 3; round++) {
      runs.tsc.push(seconds(dir, "tsc", "tsconfig.plain.json"));
      runs.tspcPlain.push(seconds(dir, "tspc", "tsconfig.plain.json"));
      runs.tspcPlugin.push(seconds(dir, "tspc", "tsconfig.plugin.json"));
    }
    const [tsc, plain, plugin] = [median(runs.tsc), median(runs.tspcPlain), median(runs.tspcPlugin)];
    console.log(`tsc ${tsc.toFixed(2)} s, tspc without the plugin ${plain.toFixed(2)} s, tspc with the plugin ${plugin.toFixed(2)} s (medians of 3, 200 tool files among 1,000 modules)`);
    record("build: tspc + wymcp/transformer (s)", "plain tsc", Number(plugin.toFixed(2)), Number(tsc.toFixed(2)), 1.05);
    record("build: tspc + wymcp/transformer (s)", "tspc without the plugin", Number(plugin.toFixed(2)), Number(plain.toFixed(2)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
