/**
 * The router: the registry of a server's tools and the one entry point for
 * `tools/list` and `tools/call`, transport-free (the SDK binding lives in
 * `wymcp/mcp`).
 *
 * Its contract with tools: `actions()` returns the same declaration on every
 * call. Registration validates that declaration and builds the listing from
 * it once; obtaining again at every call and help answer is defence in depth.
 */
import { didYouMean } from "../util/suggest.js";
import { errorAnswer, helpPointer, type ToolAnswer } from "./answer.js";
import { HELP_TOOL_NAME } from "../validation/callback-surface.js";
import { dispatch, type CallContext } from "./dispatch.js";
import { answerHelp, helpListing, type ToolLookup } from "./help.js";
import { reasonText } from "../util/inspect.js";
import { toolListing, type ToolListing } from "./listing.js";
import { checkRegistration } from "./registration.js";
import type { ServerLog } from "./server-log.js";
import type { Tool } from "../tool.js";

/** What `createRouter` takes. */
export interface RouterOptions {
  /** The tools to serve; all are checked, and every problem is thrown at once. */
  readonly tools?: readonly Tool[];
  /** Server instructions sent at initialize (the MCP `instructions` field). */
  readonly instructions?: string;
  /** Where server-side reports go (a handler result that breaks its output schema); standard error by default. */
  readonly log?: ServerLog;
}

/** A live set of tools, serving `tools/list` and `tools/call`. */
export interface Router {
  readonly instructions: string | undefined;
  /** The `tools/list` entries: `help`, then every tool in registration order. Built at registration. */
  listTools(): readonly ToolListing[];
  /** Answers a `tools/call`; never throws — every failure is an `isError` answer. */
  callTool(name: string, args: unknown, context?: CallContext): Promise<ToolAnswer>;
  /** Registers tools on the live router (all or none); throws `ToolRegistrationError`. */
  register(...tools: Tool[]): void;
  /** Removes a tool; `false` when no tool has that name. */
  unregister(name: string): boolean;
  /** The registered tool names, in registration order (`help` not included). */
  toolNames(): string[];
  /** Called after every change of the tool list; returns the unsubscribe function. */
  onListChanged(listener: () => void): () => void;
}

interface Entry {
  readonly tool: Tool;
  readonly listing: ToolListing;
}

/**
 * Creates a router — the runtime registration moment: the callback-surface
 * check, the reserved name `help`, duplicate names and `validate` for every
 * tool, with every problem of every tool in one `ToolRegistrationError`.
 *
 * @example
 * ```ts
 * const router = createRouter({ tools: [tasks], instructions: "Call help {} first." });
 * await router.callTool("tasks", { action: "create", data: { name: "Write docs" } });
 * ```
 */
export function createRouter(options: RouterOptions = {}): Router {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let listings: readonly ToolListing[] = [];

  const lookup: ToolLookup = { names: () => [...entries.keys()], get: (name) => entries.get(name)?.tool };
  const changed = () => {
    listings = Object.freeze([helpListing([...entries.keys()]), ...[...entries.values()].map((entry) => entry.listing)]);
  };
  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // A listener is a notification; one that fails must not undo or block a registration.
      }
    }
  };
  const add = (tools: readonly Tool[]) => {
    checkRegistration(tools, new Set(entries.keys()));
    // Build every listing before adding any, so a failure leaves the router unchanged.
    const built = tools.map((tool) => ({ tool, listing: toolListing(tool) }));
    for (const entry of built) entries.set(entry.tool.name, entry);
    changed();
  };

  add(options.tools ?? []);
  return {
    instructions: options.instructions,
    listTools: () => listings,
    async callTool(name, args, context) {
      try {
        if (name === HELP_TOOL_NAME) return answerHelp(lookup, args);
        const entry = entries.get(name);
        if (entry === undefined) {
          return errorAnswer({ error: "unknown_tool", message: `no tool ${JSON.stringify(name)}${didYouMean(String(name), lookup.names())}`, validTools: lookup.names(), help: helpPointer() });
        }
        return await dispatch(entry.tool, args, options.log === undefined ? context : { ...context, log: options.log });
      } catch (error) {
        // The gate answers every expected failure itself; this keeps anything else from reaching the transport.
        return errorAnswer({ error: "internal_error", message: `${name} failed: ${reasonText(error)}`, help: helpPointer() });
      }
    },
    register(...tools) {
      add(tools);
      if (tools.length > 0) notify();
    },
    unregister(name) {
      if (!entries.delete(name)) return false;
      changed();
      notify();
      return true;
    },
    toolNames: () => [...entries.keys()],
    onListChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
