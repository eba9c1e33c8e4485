/**
 * How a project's build ends with the plugin — through esbuild, Vite and
 * `wymcp check` — for the tests that hold "nothing passes silently": each
 * outcome is whether it succeeded, and the text of its errors and warnings.
 */
import { join } from "node:path";
import wymcpEsbuild from "../../plugin/bundler/esbuild/esbuild.js";
import wymcpVite from "../../plugin/bundler/rollup-family/vite.js";
import { run } from "../../plugin/cli/run.js";
import { esbuildInMemory, runtimeEntry } from "../plugin-builds.js";

/** How a build ended: whether it succeeded, and the text of its errors and warnings. */
export interface Outcome {
  readonly ok: boolean;
  readonly errors: string[];
  readonly warnings: string[];
}

/** Builds `src/index.ts` of `root` with esbuild and the plugin (`alias`: esbuild's own, beside wymcp → its sources). */
export async function esbuildOutcome(root: string, alias: Readonly<Record<string, string>> = {}): Promise<Outcome> {
  const esbuild = await import("esbuild");
  try {
    const options = esbuildInMemory(join(root, "src/index.ts"));
    const result = await esbuild.build({ ...options, alias: { ...options.alias, ...alias }, plugins: [wymcpEsbuild({ cache: false })] });
    return { ok: true, errors: [], warnings: result.warnings.map((warning) => warning.text) };
  } catch (error) {
    const failure = error as { errors?: { text: string }[]; warnings?: { text: string }[] };
    return {
      ok: false,
      errors: (failure.errors ?? []).map((message) => message.text),
      warnings: (failure.warnings ?? []).map((message) => message.text),
    };
  }
}

/** Builds `src/index.ts` of `root` with Vite and the plugin (`alias`: Vite's `resolve.alias`, beside wymcp → its sources). */
export async function viteOutcome(root: string, alias: Readonly<Record<string, string>> = {}): Promise<Outcome> {
  const { build } = await import("vite");
  const warnings: string[] = [];
  const logger = {
    info: () => {},
    warn: (message: string) => warnings.push(message),
    warnOnce: (message: string) => warnings.push(message),
    error: () => {},
    clearScreen: () => {},
    hasErrorLogged: () => false,
    hasWarned: false,
  };
  try {
    await build({
      root,
      configFile: false,
      logLevel: "warn",
      customLogger: logger,
      resolve: {
        alias: [
          { find: /^wymcp$/, replacement: runtimeEntry },
          ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
        ],
      },
      plugins: [wymcpVite({ cache: false })],
      build: {
        write: false,
        minify: false,
        target: "node22",
        ssr: join(root, "src/index.ts"),
        rollupOptions: { onwarn: (warning) => warnings.push(String(warning.message)) },
      },
    });
    return { ok: true, errors: [], warnings };
  } catch (error) {
    return { ok: false, errors: [String((error as Error).message)], warnings };
  }
}

/** `wymcp check src` in `root`, in process: its exit code and everything it printed. */
export function cliOutcome(root: string): { code: number; stdout: string } {
  let stdout = "";
  const code = run(["check", "src"], { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stdout += `${text}\n`), cwd: root });
  return { code, stdout };
}
