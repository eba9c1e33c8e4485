// A minimal TypeScript plugin for the Rollup example, so the repository
// needs no extra dependency. In your project use @rollup/plugin-typescript
// (or rollup-plugin-esbuild) instead: it does this and more.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";

/** Resolves `./x.js` to `./x.ts` and strips types from `.ts` modules. */
export default function typescript() {
  return {
    name: "example-typescript",
    resolveId(source, importer) {
      if (importer === undefined || !source.startsWith(".")) return null;
      const file = resolve(dirname(importer), source).replace(/\.js$/, ".ts");
      return existsSync(file) ? file : null;
    },
    transform(code, id) {
      if (!id.endsWith(".ts")) return null;
      const { outputText, sourceMapText } = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: true },
      });
      return { code: outputText, map: sourceMapText };
    },
  };
}
