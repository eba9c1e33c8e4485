/**
 * A real redis-server for a test file, started by the test on a free
 * loopback port with no persistence. Where the binary is missing it is
 * installed from Debian's packages (`apt-get install redis-server`, as
 * root); where that cannot be done the reason is returned for the skip.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

function hasRedis(): boolean {
  return spawnSync("redis-server", ["--version"], { encoding: "utf8" }).status === 0;
}

/** Installs redis-server from Debian's packages if it is missing; the reason it cannot run, or undefined. */
export function ensureRedisServer(): string | undefined {
  if (hasRedis()) return undefined;
  if (process.getuid?.() !== 0 || spawnSync("apt-get", ["--version"]).status !== 0)
    return "redis-server is not installed and cannot be installed here (needs apt-get as root)";
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "redis-server"], { encoding: "utf8", env });
  if (install.status !== 0) {
    spawnSync("apt-get", ["update"], { encoding: "utf8", env });
    install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "redis-server"], { encoding: "utf8", env });
  }
  return hasRedis() ? undefined : `redis-server could not be installed: ${install.stderr.trim().split("\n").pop()}`;
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server on 127.0.0.1 (on `port`, else a free one); resolves once it accepts connections. `stop` resolves once it exited. */
export async function startRedis(port?: number): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  port ??= await freePort();
  const child: ChildProcess = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 20_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => (clearTimeout(timer), reject(new Error(`redis-server exited with ${code}:\n${output}`))));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => {
      child.kill();
      return exited;
    },
  };
}
