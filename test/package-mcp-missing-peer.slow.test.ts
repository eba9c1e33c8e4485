/**
 * `wymcp/mcp` in a project without `@modelcontextprotocol/server`: an
 * import at the program's start prints one line naming what to install and
 * exits 1 — no stack, no Node report — whether the program is ESM or
 * CommonJS; an `await import()` in a `try` gets an ordinary error it can
 * catch. With the SDK installed, the Node entry exports exactly what the
 * adapter does. Runs the built package (`npm run build` first), installed
 * as a copy.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));
const LINE =
  "wymcp/mcp needs @modelcontextprotocol/server (the MCP SDK v2), which is not installed: npm install @modelcontextprotocol/server";

/** A project with wymcp installed (its dist and package.json, and its validator), and the SDK when `withSdk`. */
function installed(withSdk: boolean): string {
  const root = mkdtempSync(join(tmpdir(), "wymcp-peer-"));
  const modules = join(root, "node_modules");
  mkdirSync(join(modules, "wymcp"), { recursive: true });
  cpSync(join(repo, "dist/src"), join(modules, "wymcp/dist/src"), { recursive: true });
  cpSync(join(repo, "package.json"), join(modules, "wymcp/package.json"));
  mkdirSync(join(modules, "@cfworker"), { recursive: true });
  symlinkSync(join(repo, "node_modules/@cfworker/json-schema"), join(modules, "@cfworker/json-schema"));
  if (withSdk) symlinkSync(join(repo, "node_modules/@modelcontextprotocol"), join(modules, "@modelcontextprotocol"));
  writeFileSync(join(root, "package.json"), '{ "type": "module" }');
  writeFileSync(join(root, "static.mjs"), 'import { serveStdio } from "wymcp/mcp";\nconsole.log(typeof serveStdio);\n');
  writeFileSync(join(root, "required.cjs"), 'const { serveHttp } = require("wymcp/mcp");\nconsole.log(typeof serveHttp);\n');
  writeFileSync(
    join(root, "dynamic.mjs"),
    'try { await import("wymcp/mcp"); console.log("loaded"); } catch (error) { console.log(`caught ${error.name}: ${error.message}`); }\n' +
      'setTimeout(() => console.log(`listeners ${process.listenerCount("uncaughtException")}`), 20);\n',
  );
  writeFileSync(
    join(root, "names.mjs"),
    'const entry = await import("wymcp/mcp");\nconst adapter = await import("./node_modules/wymcp/dist/src/mcp/index.js");\n' +
      "console.log(JSON.stringify([Object.keys(entry).sort(), Object.keys(adapter).sort(), entry.serveHttp === adapter.serveHttp]));\n",
  );
  return root;
}

function run(root: string, script: string): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
  return { status, stdout, stderr };
}

describe("wymcp/mcp without its peer", () => {
  const root = installed(false);

  test.each(["static.mjs", "required.cjs"])("%s: one line on stderr, exit 1", (script) => {
    expect(run(root, script)).toEqual({ status: 1, stdout: "", stderr: `${LINE}\n` });
  });

  test("an await import() in a try gets an error it catches, and no listener is left behind", () => {
    expect(run(root, "dynamic.mjs")).toEqual({ status: 0, stdout: `caught MissingPeerError: ${LINE}\nlisteners 0\n`, stderr: "" });
  });
});

describe("wymcp/mcp with its peer", () => {
  const root = installed(true);

  test.each(["static.mjs", "required.cjs"])("%s loads", (script) => {
    expect(run(root, script)).toEqual({ status: 0, stdout: "function\n", stderr: "" });
  });

  test("the Node entry exports exactly the adapter's names, the same functions", () => {
    const { stdout } = run(root, "names.mjs");
    const [entry, adapter, same] = JSON.parse(stdout) as [string[], string[], boolean];
    expect(entry).toEqual(adapter);
    expect(same).toBe(true);
  });
});
