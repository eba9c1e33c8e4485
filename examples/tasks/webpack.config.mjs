// webpack: builds the two servers into dist/webpack/ as ES modules
// (`node build-all.mjs`, or `npx webpack -c webpack.config.mjs` with
// webpack-cli installed). The wymcp plugin fails the build on any malformed
// action schema and points at the file, line and column.
import { fileURLToPath } from "node:url";
import wymcp from "wymcp/webpack";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** @type {import("webpack").Configuration} */
export default {
  mode: "production",
  context: here("."),
  target: "node22",
  entry: { "server-stdio": "./src/server-stdio.ts", "server-http": "./src/server-http.ts" },
  output: {
    path: here("dist/webpack"),
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
  module: { rules: [{ test: /\.ts$/, loader: here("support/webpack-ts-loader.cjs") }] },
  optimization: { minimize: false },
  devtool: false,
  plugins: [wymcp()],
};
