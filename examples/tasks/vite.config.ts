// Vite: `npx vite build -c vite.config.ts` builds the two servers into
// dist/vite/. An SSR build targets Node and keeps node_modules packages
// (here the MCP SDK) external; the wymcp plugin fails the build on any
// malformed action schema.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import wymcp from "wymcp/vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  logLevel: "warn",
  plugins: [wymcp()],
  build: {
    ssr: true,
    target: "node22",
    outDir: "dist/vite",
    emptyOutDir: true,
    minify: false,
    rolldownOptions: {
      input: { "server-stdio": "src/server-stdio.ts", "server-http": "src/server-http.ts" },
      external: [/^@modelcontextprotocol\/sdk/],
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
});
