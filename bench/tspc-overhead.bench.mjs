// 5 (tsc part). Build overhead of the wymcp transformer: `tspc` with the
// plugin vs plain `tsc` on a generated project (200 tool files among 1,000
// modules), plus `tspc` without the plugin to show what ts-patch itself costs,
// and `tsc` persistently patched by `ts-patch install`, which skips tspc's
// in-memory patching of the compiler on every run.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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
  const options = {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    skipLibCheck: true,
    outDir: "dist",
    types: [],
  };
  writeFileSync(join(dir, "tsconfig.plain.json"), JSON.stringify({ compilerOptions: options, include: ["src"] }));
  writeFileSync(
    join(dir, "tsconfig.plugin.json"),
    JSON.stringify({
      compilerOptions: { ...options, plugins: [{ transform: "wymcp/transformer", transformProgram: true }] },
      include: ["src"],
    }),
  );
  return dir;
}

/**
 * Installs ts-patch's persistent patch into a copy of TypeScript inside the
 * project (`ts-patch install`, as a `prepare` script would), so its own `tsc`
 * runs plugins without `tspc` patching the compiler in memory on every run.
 */
function patchedCopy(dir) {
  const typescript = join(dir, "node_modules", "typescript");
  cpSync(join(root, "node_modules", "typescript"), typescript, { recursive: true });
  execFileSync(
    process.execPath,
    [join(root, "node_modules", "ts-patch", "bin", "ts-patch.js"), "install", "--silent", "--dir", typescript],
    { stdio: "pipe" },
  );
  return join(typescript, "bin", "tsc");
}

/** Wall and CPU seconds of one compile in a fresh process (CPU time is steadier on a shared machine). */
function compile(dir, compiler, config) {
  rmSync(join(dir, "dist"), { recursive: true, force: true });
  const report = join(dir, "cpu.json");
  const start = performance.now();
  execFileSync(process.execPath, ["--require", cpuReporter, compiler, "-p", config], {
    cwd: dir,
    stdio: "pipe",
    env: { ...process.env, WYMCP_CPU_REPORT: report },
  });
  const wall = (performance.now() - start) / 1000;
  const { user, system } = JSON.parse(readFileSync(report, "utf8"));
  return { wall, cpu: (user + system) / 1e6 };
}

const cpuReporter = join(import.meta.dirname, "cpu-report.cjs");
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ROUNDS = 5 + Number(process.env.WYMCP_BENCH_REPS ?? 0);

export async function run() {
  const dir = generate(200, 800);
  try {
    const patchedTsc = patchedCopy(dir);
    const variants = {
      tsc: [bin("tsc"), "tsconfig.plain.json"],
      "tspc without the plugin": [bin("tspc"), "tsconfig.plain.json"],
      "tspc + wymcp/transformer": [bin("tspc"), "tsconfig.plugin.json"],
      "patched tsc without the plugin": [patchedTsc, "tsconfig.plain.json"],
      "patched tsc + wymcp/transformer": [patchedTsc, "tsconfig.plugin.json"],
    };
    const runs = Object.fromEntries(Object.keys(variants).map((name) => [name, { wall: [], cpu: [] }]));
    compile(dir, ...variants.tsc); // warm the file cache
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, [compiler, config]] of Object.entries(variants)) {
        const { wall, cpu } = compile(dir, compiler, config);
        runs[name].wall.push(wall);
        runs[name].cpu.push(cpu);
      }
    }
    const figure = (name, kind) => Number(median(runs[name][kind]).toFixed(2));
    for (const name of Object.keys(variants))
      console.log(
        `${name}: ${figure(name, "wall")} s wall, ${figure(name, "cpu")} s CPU (medians of ${ROUNDS}; 200 tool files among 1,000 modules)`,
      );
    for (const kind of ["wall", "cpu"]) {
      record(
        `build: tspc + wymcp/transformer (${kind} s)`,
        "plain tsc",
        figure("tspc + wymcp/transformer", kind),
        figure("tsc", kind),
        1.05,
      );
      record(
        `build: tspc + wymcp/transformer (${kind} s)`,
        "tspc without the plugin",
        figure("tspc + wymcp/transformer", kind),
        figure("tspc without the plugin", kind),
        1.02,
      );
      record(
        `build: tsc patched by ts-patch install + wymcp/transformer (${kind} s)`,
        "plain tsc",
        figure("patched tsc + wymcp/transformer", kind),
        figure("tsc", kind),
        1.05,
      );
      record(
        `build: tsc patched by ts-patch install + wymcp/transformer (${kind} s)`,
        "patched tsc without the plugin",
        figure("patched tsc + wymcp/transformer", kind),
        figure("patched tsc without the plugin", kind),
        1.02,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
