/**
 * Real servers for a test file: `serveHttp` on a loopback port, each closed
 * after the test that started it, and the standalone SSE stream a session
 * opens with GET.
 */
import { request, type IncomingMessage } from "node:http";
import { afterEach } from "vitest";
import { serveHttp, type RunningHttpServer, type ServeHttpOptions } from "../../src/mcp/index.js";
import type { Router } from "../../src/index.js";
import { fixtureRouter } from "../fixtures/runtime/tools.js";

/** A `serve(options?, router?)` for this test file; every server it starts is closed after its test. */
export function servers(): (options?: ServeHttpOptions, router?: Router) => Promise<RunningHttpServer> {
  const open: RunningHttpServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (options = {}, router = fixtureRouter()) => {
    const running = await serveHttp(router, options);
    open.push(running);
    return running;
  };
}

/** The session's standalone SSE stream (a GET), once its headers arrive. */
export function openEventStream(url: string | URL, session: Readonly<Record<string, string>>): Promise<IncomingMessage> {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const get = request(url, { method: "GET", headers: { ...session, accept: "text/event-stream" } }, resolve);
    get.on("error", reject);
    get.end();
  });
}
