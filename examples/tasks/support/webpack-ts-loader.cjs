// A minimal TypeScript loader for the webpack example, so the repository
// needs no extra dependency. In your project use ts-loader (or
// esbuild-loader / swc-loader) instead: it does this and more.
const ts = require("typescript");

/** Strips types from one `.ts` module; type-checking is `tsc --noEmit`'s job. */
module.exports = function typescriptLoader(source) {
  const { outputText, sourceMapText } = ts.transpileModule(source, {
    fileName: this.resourcePath,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: true },
  });
  this.callback(null, outputText, sourceMapText === undefined ? undefined : JSON.parse(sourceMapText));
};
