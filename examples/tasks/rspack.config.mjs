// Rspack: builds the two servers into dist/rspack/ as ES modules
// (`node build-all.mjs`, or `npx rspack build -c rspack.config.mjs` with
// @rspack/cli installed). Rspack's built-in SWC loader strips the types; the
// wymcp plugin fails the build on any malformed action schema.
import { fileURLToPath } from "node:url";
import wymcp from "wymcp/rspack";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** @type {import("@rspack/core").Configuration} */
export default {
  mode: "production",
  context: here("."),
  target: "node22",
  entry: { "server-stdio": "./src/server-stdio.ts", "server-http": "./src/server-http.ts" },
  output: {
    path: here("dist/rspack"),
    filename: "[name].js",
    module: true,
    chunkFormat: "module",
    library: { type: "module" },
    clean: true,
  },
  experiments: { outputModule: true },
  // The MCP SDK is a peer dependency: imported from node_modules at run time.
  externals: [/^@modelcontextprotocol\/sdk/],
  externalsType: "module",
  resolve: {
    extensions: [".ts", ".js"],
    // NodeNext-style imports name the emitted `.js`; the source is `.ts`.
    extensionAlias: { ".js": [".ts", ".js"] },
  },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: "builtin:swc-loader",
        options: { jsc: { parser: { syntax: "typescript" }, target: "es2022" } },
        type: "javascript/auto",
      },
    ],
  },
  optimization: { minimize: false },
  devtool: false,
  plugins: [wymcp()],
};
