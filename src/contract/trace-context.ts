/**
 * W3C Trace Context a client sends in a request's `_meta` (`traceparent`,
 * `tracestate`, `baggage`: SEP-414, both protocol eras), read into what a
 * handler hands its tracer. A value that is not what the W3C format allows
 * is a problem with its field, its fix and nothing of the value beyond a
 * short quote: the transport refuses the call with it, so a hostile header
 * never reaches a handler or a log.
 */
import { echo } from "../util/echo.js";
import { describeType, read } from "../util/inspect.js";

/** The trace a call belongs to, as its client sent it. */
export interface TraceContext {
  /** The `traceparent` as sent, such as `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01`. */
  readonly traceparent: string;
  /** Its trace id: 32 lowercase hex digits. */
  readonly traceId: string;
  /** The id of the client's span this call is a child of: 16 lowercase hex digits. */
  readonly parentId: string;
  /** Whether the client sampled the trace (flag `01`). */
  readonly sampled: boolean;
  /** Vendor-specific trace state (`vendor1=value1,vendor2=value2`), when sent. */
  readonly tracestate?: string;
  /** W3C Baggage (`userId=alice,region=eu`), when sent. */
  readonly baggage?: string;
}

/** One field of the trace context that cannot be used, as data. */
export interface TraceContextProblem {
  readonly field: "traceparent" | "tracestate" | "baggage";
  readonly problem: string;
  readonly fix: string;
}

/** The W3C limits: a `tracestate` of at most 32 members, a `baggage` of at most 8192 bytes (ASCII here, so characters). */
const MAX_TRACESTATE_MEMBERS = 32;
const MAX_LIST_CHARS = 8192;

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const STATE_KEY = /^(?:[a-z0-9][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})$/;
const STATE_VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The trace context in `meta` (a request's `_meta`): `undefined` when it
 * carries no `traceparent`, a `TraceContextProblem` when a field is not
 * what the W3C format allows (a `tracestate` or `baggage` without a
 * `traceparent` has no trace to belong to, and is left unread).
 *
 * @example
 * ```ts
 * readTraceContext({ traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" });
 * // { traceparent: "00-4bf9…", traceId: "4bf92f3577b34da6a3ce929d0e0e4736", parentId: "00f067aa0ba902b7", sampled: true }
 * readTraceContext({ traceparent: "hello" }); // { field: "traceparent", problem: 'the traceparent "hello" is not …', fix: … }
 * ```
 */
export function readTraceContext(meta: unknown): TraceContext | TraceContextProblem | undefined {
  if (typeof meta !== "object" || meta === null) return undefined;
  // Read safely: an in-process transport may hand over a getter or a Proxy that throws (read as unreadable).
  const [traceparent, tracestate, baggage] = (["traceparent", "tracestate", "baggage"] as const).map((key) => read(meta, key));
  if (traceparent === undefined) return undefined;
  const parent = parseTraceparent(traceparent);
  if ("problem" in parent) return parent;
  const state = listField("tracestate", tracestate, stateProblem);
  if (state !== undefined && typeof state !== "string") return state;
  const carried = listField("baggage", baggage, () => undefined);
  if (carried !== undefined && typeof carried !== "string") return carried;
  return {
    ...parent,
    ...(state === undefined ? {} : { tracestate: state }),
    ...(carried === undefined ? {} : { baggage: carried }),
  };
}

function parseTraceparent(value: unknown): Omit<TraceContext, "tracestate" | "baggage"> | TraceContextProblem {
  const fix = "send a W3C traceparent such as 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01, or leave it out";
  if (typeof value !== "string") return { field: "traceparent", problem: `the traceparent is ${describeType(value)}, not a string`, fix };
  const parts = value.length <= 512 ? TRACEPARENT.exec(value) : null;
  const quoted = `the traceparent ${JSON.stringify(echo(value, 64))}`;
  if (parts === null) return { field: "traceparent", problem: `${quoted} is not version-traceid-parentid-flags in lowercase hex`, fix };
  const [, version, traceId, parentId, flags, rest] = parts as unknown as [string, string, string, string, string, string?];
  if (version === "ff") return { field: "traceparent", problem: `${quoted} has the version ff, which the W3C format forbids`, fix };
  // Version 00 has exactly four fields; a later version may add fields after them.
  if (version === "00" && rest !== undefined) return { field: "traceparent", problem: `${quoted} has more than four fields`, fix };
  if (/^0+$/.test(traceId)) return { field: "traceparent", problem: `${quoted} has an all-zero trace id`, fix };
  if (/^0+$/.test(parentId)) return { field: "traceparent", problem: `${quoted} has an all-zero parent id`, fix };
  return { traceparent: value, traceId, parentId, sampled: (Number.parseInt(flags, 16) & 1) === 1 };
}

/** A comma-separated list field (`tracestate`, `baggage`): the string, or the problem with it. */
function listField(
  field: "tracestate" | "baggage",
  value: unknown,
  memberProblem: (value: string) => string | undefined,
): string | TraceContextProblem | undefined {
  if (value === undefined) return undefined;
  const fix = `send ${field} as a W3C list such as vendor1=value1,vendor2=value2, or leave it out`;
  if (typeof value !== "string") return { field, problem: `the ${field} is ${describeType(value)}, not a string`, fix };
  if (value.length > MAX_LIST_CHARS)
    return { field, problem: `the ${field} is ${value.length} characters, over the ${MAX_LIST_CHARS} allowed`, fix };
  if (!PRINTABLE_ASCII.test(value))
    return { field, problem: `the ${field} ${JSON.stringify(echo(value, 64))} holds a character outside printable ASCII`, fix };
  const problem = memberProblem(value);
  return problem === undefined ? value : { field, problem, fix };
}

/** What is wrong with a `tracestate` list, if anything: at most 32 members, each `key=value` as the W3C format spells them. */
function stateProblem(value: string): string | undefined {
  const members = value
    .split(",")
    .map((member) => member.trim())
    .filter((member) => member !== "");
  if (members.length > MAX_TRACESTATE_MEMBERS)
    return `the tracestate has ${members.length} members, over the ${MAX_TRACESTATE_MEMBERS} allowed`;
  for (const member of members) {
    const equals = member.indexOf("=");
    if (equals <= 0 || !STATE_KEY.test(member.slice(0, equals)) || !STATE_VALUE.test(member.slice(equals + 1)))
      return `the tracestate member ${JSON.stringify(echo(member, 64))} is not key=value as the W3C format spells them`;
  }
  return undefined;
}
