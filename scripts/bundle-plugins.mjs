// Bundles the bundler plugins' entries (`wymcp/esbuild`, `wymcp/vite`, …) that tsc
// emitted into dist/plugin/bundler, in place: each entry becomes one small module,
// and what it loads later (the build pass, the evaluator, the validators) a few
// shared chunks beside it. A build then loads 2–4 files instead of ~90, which is
// most of what the plugin costs a build whose verdicts are all kept.
//
// Each entry stays where tsc put it (`esbuild/esbuild.js`, `checks/check-worker.js`, …)
// and the chunks go to dist/plugin/bundler itself, the folder of code-stamp.ts and
// worker-script.ts, so the paths they work out from `import.meta.url` (the code
// stamp's `../..`, the worker's `./checks/check-worker.js`) hold in the sources and
// in the bundle alike.
// Packages (oxc-parser, the validator, unplugin, the bundlers' types) stay imports.
//
// The `wymcp` binary (dist/plugin/cli: `main.js` and the worker it starts,
// `command-worker.js`) is bundled the same way: its command would otherwise load
// ~140 modules, ~60 ms of CPU on every `wymcp check` and `wymcp tsc` (BENCHMARKS §10).
//
//   node scripts/bundle-plugins.mjs      (run by `npm run build`, after tsc)
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/plugin/", import.meta.url));
const door = fileURLToPath(new URL("../dist/src/internal.js", import.meta.url));
// The check worker (`checks/check-worker.ts`) is an entry too: a thread of its own loads it, with the chunks it shares.
const BUNDLER_ENTRIES = [
  "unplugin",
  "rollup-family/vite",
  "rollup-family/rollup",
  "rollup-family/rolldown",
  "esbuild/esbuild",
  "webpack/webpack",
  "webpack/rspack",
  "checks/check-worker",
];

await bundleInPlace(`${dist}bundler/`, BUNDLER_ENTRIES);
await bundleInPlace(`${dist}cli/`, ["main", "command-worker"]);

/** Bundles `entries` of `folder` in place, their shared code in chunks at `folder` itself. */
async function bundleInPlace(folder, entries) {
  await build({
    entryPoints: entries.map((name) => `${folder}${name}.js`),
    outdir: folder,
    outbase: folder,
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    packages: "external",
    chunkNames: "[name]-[hash]",
    logLevel: "warning",
    plugins: [throughTheDoor()],
  });
  // A path worked out from `import.meta.url` would be one folder off in an entry of a sub-folder: such code must sit in a chunk.
  for (const name of entries.filter((entry) => entry.includes("/"))) {
    if (/new URL\([^)]*import\.meta\.url/.test(readFileSync(`${folder}${name}.js`, "utf8")))
      throw new Error(`${folder}${name}.js works out a path from its own URL: it would point one folder off`);
  }
}

/**
 * `plugin/` enters the runtime through one door, `src/internal.ts`, a list of
 * re-exports. esbuild assigns whole files to chunks by what reaches them, so
 * an import of `isListingMode` through the door made every module behind it
 * part of the plugin's entry chunk: a build whose verdicts are all kept
 * loaded the validator (~30 ms of CPU) to check an option. In the bundle,
 * each import through the door names the module behind it instead; the
 * sources keep the one door, and the chunks hold what each path runs.
 */
function throughTheDoor() {
  const behind = new Map();
  for (const [, names, from] of readFileSync(door, "utf8").matchAll(/^export \{([^}]*)\} from "([^"]+)";$/gm))
    for (const name of names.split(",")) behind.set(name.trim(), path.resolve(path.dirname(door), from));
  return {
    name: "through-the-door",
    setup(esbuild) {
      esbuild.onLoad({ filter: /[\\/]dist[\\/]plugin[\\/].*\.js$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("/src/internal.js")) return undefined;
        const contents = text.replace(/^import \{([^}]*)\} from "[^"]*\/src\/internal\.js";$/gm, (_, names) =>
          names
            .split(",")
            .map((name) => name.trim())
            .filter((name) => name !== "")
            .map((name) => {
              const module = behind.get(name.split(/\s+as\s+/)[0]);
              if (module === undefined) throw new Error(`${args.path}: ${name} is not re-exported by src/internal.ts`);
              return `import { ${name} } from ${JSON.stringify(module)};`;
            })
            .join("\n"),
        );
        if (contents.includes("/src/internal.js")) throw new Error(`${args.path}: an import of src/internal.js the bundling does not read`);
        return { contents, loader: "js", resolveDir: path.dirname(args.path) };
      });
    },
  };
}
