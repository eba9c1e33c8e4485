// The same Vite setup as examples/tasks: the wymcp plugin fails this build.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import wymcp from "wymcp/vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [wymcp()],
  build: {
    ssr: "src/server.ts",
    target: "node22",
    outDir: "dist/vite",
    emptyOutDir: true,
    rolldownOptions: { external: [/^@modelcontextprotocol\/sdk/] },
  },
});
