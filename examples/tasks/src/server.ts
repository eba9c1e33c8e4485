/**
 * The example's router, shared by both transports. `createRouter` is the
 * runtime registration moment: it checks every tool again (the build already
 * did) and throws before the server starts if one is malformed.
 */
import { createRouter, type Router } from "wymcp";
import { tools } from "./tools/index.js";

/** Server name and version sent to clients at initialize. */
export const serverInfo = { name: "wymcp-tasks-example", version: "1.0.0" };

/** What the server tells a client at initialize. */
export const INSTRUCTIONS =
  "A small task tracker. Call help {} to see the tools, and help {tool, action} before sending data you are unsure of.";

export function createTasksRouter(): Router {
  return createRouter({ tools, instructions: INSTRUCTIONS });
}
