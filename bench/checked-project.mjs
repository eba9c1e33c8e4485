// The project the `wymcp tsc` and ESLint benches measure: the build bench's
// generated project (200 tool files among 1,000 modules,
// build-overhead.bench.mjs), made a TypeScript project — a tsconfig, wymcp
// linked as an installed package, a chosen TypeScript — and a way to time a
// command on it in a fresh process.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateProject } from "./build-overhead.bench.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));

/**
 * The `typescript` package folder of an exact release, installed once into the
 * folder the tests use (test/support/typescript-versions.ts); "5.9" is this
 * repository's own.
 */
export function typescriptRelease(version) {
  if (version === "5.9") return join(repo, "node_modules/typescript");
  const prefix = join(process.env.WYMCP_TYPESCRIPT_DIR ?? join(tmpdir(), "wymcp-typescript"), version);
  const folder = join(prefix, "node_modules/typescript");
  if (!existsSync(join(folder, "package.json"))) {
    mkdirSync(prefix, { recursive: true });
    const args = ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `typescript@${version}`];
    execFileSync("npm", args, { stdio: "ignore" });
  }
  return folder;
}

/** The generated project with a tsconfig over `src`, wymcp installed, and `packages` (name → folder) linked into node_modules. */
export function checkedProject(packages) {
  const root = generateProject(200);
  writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
  const compilerOptions = { target: "ES2022", module: "NodeNext", strict: true, skipLibCheck: true, noEmit: true, types: [] };
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["src"] }));
  // The package as installed, copied by build-overhead.bench.mjs when it loads: a rebuild of dist/ meanwhile changes nothing here.
  symlinkSync(join(repo, "node_modules/.wymcp-bench/wymcp"), join(root, "node_modules/wymcp"), "dir");
  for (const [name, folder] of Object.entries(packages)) symlinkSync(folder, join(root, "node_modules", name), "dir");
  return root;
}

/**
 * Runs `node …args` in `cwd` in a fresh process: wall time and CPU time in µs.
 * The CPU time is bash's `times` for its children: the process and every
 * descendant it waited for (tsc 7's native compiler, the TypeScript 7 API's
 * child), all threads. Fails on an exit code outside `codes`.
 */
export function timeNode(cwd, args, codes = [0]) {
  const script = '"$@" >/dev/null 2>"$WYMCP_BENCH_STDERR"; code=$?; times; exit $code';
  const stderrFile = join(cwd, ".bench-stderr");
  const start = performance.now();
  const run = spawnSync("bash", ["-c", script, "bash", process.execPath, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, WYMCP_BENCH_STDERR: stderrFile, NO_COLOR: "1" },
  });
  const wall = (performance.now() - start) * 1000;
  if (!codes.includes(run.status)) throw new Error(`node ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  // `times` prints the shell's own user/system times, then its children's: "0m1.234s 0m0.056s".
  const children = run.stdout.trim().split("\n").at(-1);
  const [user, system] = children.split(" ").map((field) => {
    const [, minutes, seconds] = /^(\d+)m([\d.]+)s$/.exec(field);
    return Number(minutes) * 60 + Number(seconds);
  });
  return { wall, cpu: (user + system) * 1e6 };
}
