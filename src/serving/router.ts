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
import { echo } from "../util/echo.js";
import { errorAnswer, helpPointer, type ToolAnswer } from "./answer.js";
import { HELP_TOOL_NAME } from "../validation/callback-surface.js";
import { dispatch, failure, type CallContext } from "./dispatch.js";
import { answerHelp, helpListing, type ToolLookup } from "./help.js";
import { arrayLength, describeType, isArray, isPlainObject, isUnreadable, ownKeys, read, reasonText } from "../util/inspect.js";
import { defineOwn } from "../util/deep-copy.js";
import { toolListing, type ToolListing } from "./listing.js";
import { actionListings } from "./listing-actions.js";
import { isListingMode, LISTING_MODES, readsNullAsAbsent, type ListingMode } from "./listing-mode.js";
import { readListingOverrides } from "./listing-options.js";
import { checkRegistration, refuseTakenNames, ToolRegistrationError, type RegistrationOffence } from "./registration.js";
import { newErrorId, stderrLog, type ServerLog } from "./server-log.js";
import type { Tool } from "../tool.js";
import type { ClientChannel } from "../contract/client-channel.js";

/** What `createRouter` takes. */
export interface RouterOptions {
  /** The tools to serve; all are checked, and every problem is thrown at once. */
  readonly tools?: readonly Tool[];
  /** Server instructions sent at initialize (the MCP `instructions` field). */
  readonly instructions?: string;
  /**
   * Where server-side reports go — a handler's exception in full (message
   * and stack) under its error id, a handler result that breaks its output
   * schema; standard error by default, never standard output.
   */
  readonly log?: ServerLog;
  /**
   * Development only: answer a handler's exception (and any unexpected
   * failure) with its own message. By default the client gets a generic
   * message with an error id and the message goes to `log` alone, since
   * exception messages carry paths, queries and secrets. A `ToolError`'s
   * message, written for the client, is sent either way.
   */
  readonly exposeErrors?: boolean;
  /**
   * What `tools/list` carries (see `ListingMode`): `"compact"` (the
   * default) names the actions and leaves `data` open; `"complete"`,
   * `"strict"` and `"gemini"` list every action's data schema, closed as the
   * gate closes it, so a model forms a valid call without calling `help`.
   * In `"strict"` and `"gemini"` the gate reads `null` for an optional key as
   * absent (its default applies).
   *
   * @example
   * ```ts
   * createRouter({ tools: [tasks, notes], listing: "strict", listingOverrides: { notes: "compact" } });
   * ```
   */
  readonly listing?: ListingMode;
  /** A listing mode per tool name, overriding `listing` for those tools (`help` follows `listing`). */
  readonly listingOverrides?: Readonly<Record<string, ListingMode>>;
}

/** A live set of tools, serving `tools/list` and `tools/call`. */
export interface Router {
  readonly instructions: string | undefined;
  /**
   * Where server-side reports go: the `log` option, standard error when
   * none was given. The HTTP handlers serving the router report there too
   * (a store that failed, an authentication hook that threw).
   */
  readonly log: ServerLog;
  /** The `tools/list` entries: `help`, then every tool in registration order. Built at registration. */
  listTools(): readonly ToolListing[];
  /** Answers a `tools/call`; never throws or rejects, whatever it is given — every failure is an `isError` answer. */
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
  /** One listing (compact), or one per action, named `<tool>_<action>`. */
  readonly listings: readonly ToolListing[];
  readonly mode: ListingMode;
}

/** What a listed name calls: a tool, or one action of a tool listed per action. */
interface Route {
  readonly entry: Entry;
  readonly action?: string;
}

/**
 * Creates a router — the runtime registration moment: the callback-surface
 * check, the reserved name `help`, duplicate names and `validate` for every
 * tool, with every problem of every tool in one `ToolRegistrationError` —
 * which also names options that are not what `RouterOptions` describes.
 *
 * @example
 * ```ts
 * const router = createRouter({ tools: [tasks], instructions: "Call help {} first." });
 * await router.callTool("tasks", { action: "create", data: { name: "Write docs" } });
 * ```
 */
export function createRouter(options: RouterOptions = {}): Router {
  const settings = readOptions(options);
  const policy = { exposeErrors: settings.exposeErrors };
  const modeOf = (name: string): ListingMode => settings.listingOverrides.get(name) ?? settings.listing;
  const entries = new Map<string, Entry>();
  /** Every listed name but `help`: the tool names, and each action's own name when listed per action. */
  const routes = new Map<string, Route>();
  const listeners = new Set<() => void>();
  let listings: readonly ToolListing[] = [];

  // The names a client can call, as tools/list shows them (each action's own name for a tool listed per action).
  const listedNames = () => listings.slice(1).map((listing) => listing.name);
  const lookup: ToolLookup = { names: () => [...entries.keys()], get: (name) => entries.get(name)?.tool };
  const changed = () => {
    listings = Object.freeze([
      helpListing([...entries.keys()], settings.listing),
      ...[...entries.values()].flatMap((entry) => entry.listings),
    ]);
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
    const checked = checkRegistration(tools, new Set(entries.keys()));
    // Build every listing before adding any, so a failure leaves the router unchanged.
    const built = tools.map((tool) => {
      const mode = modeOf(tool.name);
      const schemas = checked.get(tool);
      if (schemas === undefined) throw new Error("registration checks every tool it is given");
      if (mode === "compact") {
        // A flat tool's name stands for its one action: routed to it, so a call obtains the schema once.
        const flat = tool.flat === true ? Object.keys(schemas)[0] : undefined;
        return { entry: { tool, mode, listings: [toolListing(tool, schemas)] }, actions: [], flat };
      }
      const perAction = actionListings(tool, schemas, mode);
      return { entry: { tool, mode, listings: perAction.map((one) => one.listing) }, actions: perAction, flat: undefined };
    });
    refuseTakenNames(
      built.flatMap(({ entry, actions }) => actions.map(({ action, listing }) => ({ tool: entry.tool.name, action, name: listing.name }))),
      new Set([...routes.keys(), ...tools.map((tool) => tool.name)]),
    );
    for (const { entry, actions, flat } of built) {
      entries.set(entry.tool.name, entry);
      routes.set(entry.tool.name, flat === undefined ? { entry } : { entry, action: flat });
      for (const { action, listing } of actions) routes.set(listing.name, { entry, action });
    }
    changed();
  };

  // checkRegistration refuses whatever is not a tool before anything is added.
  add(settings.tools as readonly Tool[]);
  return {
    instructions: settings.instructions,
    log: settings.log ?? stderrLog,
    listTools: () => listings,
    async callTool(name, args, context) {
      const call = readContext(context, settings.log);
      const label = typeof name === "string" ? name : "the call";
      try {
        if (typeof name !== "string") {
          return errorAnswer({
            error: "unknown_tool",
            message: `the tool name is ${describeType(name)}, not a string`,
            validTools: listedNames(),
            help: helpPointer(),
          });
        }
        if (name === HELP_TOOL_NAME)
          return answerHelp(lookup, readsNullAsAbsent(settings.listing) ? withoutNulls(args) : args, call.log ?? stderrLog, policy);
        const route = routes.get(name);
        if (route === undefined) {
          return errorAnswer({
            error: "unknown_tool",
            message: `no tool ${JSON.stringify(echo(name))}${didYouMean(name, listedNames())}`,
            validTools: listedNames(),
            help: helpPointer(),
          });
        }
        const { entry, action } = route;
        // An action's own listing and a flat tool take the action's data as their arguments (the route names the action).
        return await dispatch(entry.tool, args, call, {
          ...policy,
          ...(readsNullAsAbsent(entry.mode) ? { nullAsAbsent: true } : {}),
          ...(action === undefined ? {} : { action }),
        });
      } catch (error) {
        // The gate answers every expected failure itself; this keeps anything else from reaching the transport.
        try {
          const failed = failure(call.log ?? stderrLog, policy, `${label} failed`, error, { errorId: newErrorId(), tool: label });
          return errorAnswer({ error: "internal_error", ...failed, help: helpPointer() });
        } catch {
          return errorAnswer({ error: "internal_error", message: `${label} failed`, help: helpPointer() });
        }
      }
    },
    register(...tools) {
      add(tools);
      if (tools.length > 0) notify();
    },
    unregister(name) {
      const entry = entries.get(name);
      if (entry === undefined || !entries.delete(name)) return false;
      for (const [listed, route] of [...routes]) if (route.entry === entry) routes.delete(listed);
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

/** `RouterOptions` as read once, every field checked. */
interface Settings {
  readonly tools: readonly unknown[];
  readonly instructions: string | undefined;
  readonly log: ServerLog | undefined;
  readonly exposeErrors: boolean;
  readonly listing: ListingMode;
  readonly listingOverrides: ReadonlyMap<string, ListingMode>;
}

/**
 * Reads `createRouter`'s options without letting a getter or Proxy throw
 * out of it; every field that is not what `RouterOptions` describes is an
 * offence of one `ToolRegistrationError`.
 */
function readOptions(options: unknown): Settings {
  const offences: RegistrationOffence[] = [];
  const refuse = (field: string, problem: string, fix: string) =>
    offences.push({ tool: undefined, field: field === "" ? "options" : `options.${field}`, code: "wrong_type", problem, fix });
  if (options === undefined) options = {};
  if (typeof options !== "object" || options === null) {
    refuse(
      "",
      `the options are ${describeType(options)}`,
      "pass { tools, instructions?, log?, exposeErrors?, listing?, listingOverrides? }, or nothing.",
    );
    throw new ToolRegistrationError(offences, []);
  }
  if (isArray(options)) {
    // createRouter([tasks]) reads as a router of those tools, and would otherwise serve none of them.
    refuse("", "the options are an array", "pass the tools in an object: createRouter({ tools: [tasks] }).");
    throw new ToolRegistrationError(offences, []);
  }
  const field = (key: string): unknown => {
    const value = read(options, key);
    if (isUnreadable(value)) refuse(key, `reading ${key} threw (${reasonText(value.reason)})`, `write ${key} as a plain data property.`);
    return isUnreadable(value) ? undefined : value;
  };
  const tools = readTools(field("tools"), refuse);
  const instructions = field("instructions");
  if (instructions !== undefined && typeof instructions !== "string")
    refuse("instructions", `instructions is ${describeType(instructions)}`, "write the instructions as a string, or leave them out.");
  const log = field("log");
  const logError = typeof log === "object" && log !== null ? read(log, "error") : undefined;
  if (log !== undefined && typeof logError !== "function")
    refuse(
      "log",
      `log is ${describeType(log)} without an error method`,
      "pass an object with error(message, details), or leave log out for standard error.",
    );
  const exposeErrors = field("exposeErrors");
  if (exposeErrors !== undefined && typeof exposeErrors !== "boolean")
    refuse("exposeErrors", `exposeErrors is ${describeType(exposeErrors)}`, "write true or false, or leave it out.");
  const listing = field("listing");
  if (listing !== undefined && !isListingMode(listing))
    refuse(
      "listing",
      `listing is ${typeof listing === "string" ? JSON.stringify(echo(listing)) : describeType(listing)}${
        typeof listing === "string" ? didYouMean(listing, LISTING_MODES) : ""
      }`,
      `write one of ${LISTING_MODES.map((mode) => JSON.stringify(mode)).join(", ")}, or leave it out for "compact".`,
    );
  const listingOverrides = readListingOverrides(field("listingOverrides"), refuse);
  if (offences.length > 0) throw new ToolRegistrationError(offences, []);
  return {
    tools,
    instructions: instructions as string | undefined,
    log: log as ServerLog | undefined,
    exposeErrors: exposeErrors === true,
    listing: isListingMode(listing) ? listing : "compact",
    listingOverrides,
  };
}

/** The tools of the options, each read once; an array that cannot be read is an offence. */
function readTools(tools: unknown, refuse: (field: string, problem: string, fix: string) => void): unknown[] {
  if (tools === undefined) return [];
  const fix = "pass an array of tools made by defineTool, or leave tools out.";
  if (!isArray(tools)) {
    refuse("tools", `tools is ${describeType(tools)}`, fix);
    return [];
  }
  const length = arrayLength(tools);
  if (isUnreadable(length)) {
    refuse("tools", `its length cannot be read (${reasonText(length.reason)})`, fix);
    return [];
  }
  const list: unknown[] = [];
  for (let index = 0; index < length; index++) {
    const tool = read(tools, index);
    if (isUnreadable(tool)) refuse(`tools[${index}]`, `reading it threw (${reasonText(tool.reason)})`, fix);
    else list.push(tool);
  }
  return list;
}

/**
 * A call's context as dispatch reads it, each field read once and safely: a
 * signal that is an object, the request as it is, and the router's log
 * before the call's own.
 */
function readContext(context: unknown, routerLog: ServerLog | undefined): CallContext {
  // Assigned key by key, not spread: this runs on every call, and spreading small objects is what a profile showed.
  const call: { signal?: AbortSignal; request?: unknown; log?: ServerLog; client?: ClientChannel } = {};
  if (routerLog !== undefined) call.log = routerLog;
  if (typeof context !== "object" || context === null) return call;
  const field = (key: string): unknown => {
    const value = read(context, key);
    return isUnreadable(value) ? undefined : value;
  };
  const signal = field("signal");
  const request = field("request");
  const client = field("client");
  // Any object passes as the signal (a polyfilled AbortSignal too); what is not an object is left out.
  if (typeof signal === "object" && signal !== null) call.signal = signal as AbortSignal;
  if (request !== undefined) call.request = request;
  if (typeof client === "object" && client !== null) call.client = client as ClientChannel;
  if (routerLog === undefined) {
    const callLog = field("log");
    if (typeof callLog === "object" && callLog !== null && typeof read(callLog, "error") === "function") call.log = callLog as ServerLog;
  }
  return call;
}

/** Help's arguments without their `null` values: a strict listing makes a model send `null` for the optional tool and action. */
function withoutNulls(args: unknown): unknown {
  if (!isPlainObject(args)) return args;
  const keys = ownKeys(args);
  if (isUnreadable(keys) || !keys.strings.some((key) => read(args, key) === null)) return args;
  const kept: Record<string, unknown> = {};
  for (const key of keys.strings) {
    const value = read(args, key);
    if (value !== null) defineOwn(kept, key, value);
  }
  return kept;
}
