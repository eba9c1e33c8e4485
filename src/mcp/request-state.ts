/**
 * The `requestState` of a multi-round-trip call (2026-07-28), sealed with the
 * SDK's own codec (`createRequestStateCodec`: HMAC-SHA256, an expiry): what
 * the client carries between rounds is the record of the answers so far,
 * bound to the call it belongs to — the user, the tool and its arguments — so
 * a state that was altered, expired, sealed by another key or presented with
 * another call is refused with the spec's -32602 before any handler runs.
 * Nothing is kept in the server's memory between rounds.
 */
import { createRequestStateCodec, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { describeType, isPlainObject } from "../util/inspect.js";

/** One answer carried between rounds: the digest of the question it answered, and the checked answer. */
export interface SealedAnswer {
  readonly question: string;
  readonly answer: unknown;
}

/** What a `requestState` carries: the round it closed, the answers the handler used, the questions left waiting. */
export interface RoundRecord {
  /** 1 after the first round. */
  readonly round: number;
  /** Key → the answer the handler received under it. */
  readonly answers: Readonly<Record<string, SealedAnswer>>;
  /** Key → the digest of the question asked under it and not answered yet. */
  readonly asked: Readonly<Record<string, string>>;
}

/** How states are sealed: the key (at least 32 bytes, shared by every instance that may see a retry) and their lifetime. */
export interface SealOptions {
  /** Absent: a random key made once per process (an isolate, on Workers), at the first state sealed or opened. */
  readonly key?: string | Uint8Array;
  readonly ttlSeconds: number;
}

/** How long a state lives by default, in seconds (the SDK codec's own default). */
export const DEFAULT_REQUEST_STATE_TTL_SECONDS = 600;

let processKey: Uint8Array | undefined;

/**
 * The seal options of a server, checked once when it is set up: `key` at
 * least 32 bytes, `ttlSeconds` a whole number of seconds ≥ 1. Throws a
 * `RangeError` naming the option and the fix.
 *
 * @example
 * ```ts
 * sealOptions(process.env.MCP_STATE_KEY, undefined); // { key: "…", ttlSeconds: 600 }
 * ```
 */
export function sealOptions(key: unknown, ttlSeconds: unknown): SealOptions {
  const bytes = typeof key === "string" ? new TextEncoder().encode(key).byteLength : key instanceof Uint8Array ? key.byteLength : undefined;
  if (key !== undefined && (bytes === undefined || bytes < 32))
    throw new RangeError(
      "requestStateKey must be a string or Uint8Array of at least 32 bytes (it seals multi-round-trip state), " +
        `not ${bytes === undefined ? typeof key : `${bytes} bytes`}; generate one with crypto.getRandomValues(new Uint8Array(32))`,
    );
  if (ttlSeconds !== undefined && (!Number.isSafeInteger(ttlSeconds) || (ttlSeconds as number) < 1))
    throw new RangeError(
      "requestStateTtlSeconds must be a whole number of seconds ≥ 1, " +
        `not ${typeof ttlSeconds === "number" ? String(ttlSeconds) : describeType(ttlSeconds)}`,
    );
  return {
    ...(key === undefined ? {} : { key: key as string | Uint8Array }),
    ttlSeconds: (ttlSeconds as number | undefined) ?? DEFAULT_REQUEST_STATE_TTL_SECONDS,
  };
}

/** Seals and opens the states of one call. */
export interface CallSeal {
  seal(record: RoundRecord): Promise<string>;
  /** The record a state carries; throws a -32602 `ProtocolError` naming what is wrong and the way out. */
  open(state: string): Promise<RoundRecord>;
}

const START_OVER = "call the tool again without requestState and inputResponses to start over";

/**
 * The seal of one call. `binding` names the call (user, tool, arguments):
 * a state opens only under the binding it was sealed with.
 *
 * @example
 * ```ts
 * const seal = callSeal({ key: secret, ttlSeconds: 600 }, `${user}\n${tool}\n${canonicalJson(args)}`);
 * const state = await seal.seal({ round: 1, answers: {}, asked: { user_name: digest } });
 * await seal.open(state); // the record; a changed byte throws -32602
 * ```
 */
export function callSeal(options: SealOptions, binding: string): CallSeal {
  // The codec keeps the binding as an HMAC tag, never in clear: arguments do not travel back inside the state.
  // Made at first use, never while a module loads: Workers refuse randomness there.
  const key = options.key ?? (processKey ??= crypto.getRandomValues(new Uint8Array(32)));
  const codec = createRequestStateCodec<RoundRecord>({ key, ttlSeconds: options.ttlSeconds, bind: () => binding });
  // mint and verify read nothing of the context but through `bind`, which ignores it.
  const context = {} as Parameters<typeof codec.verify>[1];
  return {
    seal: (record) => codec.mint(record, context),
    async open(state) {
      let payload: unknown;
      try {
        payload = await codec.verify(state, context);
      } catch (error) {
        throw refused(error instanceof Error ? error.message : "malformed", options.ttlSeconds);
      }
      if (!isRoundRecord(payload)) throw refused("malformed", options.ttlSeconds);
      return payload;
    },
  };
}

/** The codec's reason (`mac`, `malformed`, `expired`, `bind`) as the error a client reads. */
function refused(reason: string, ttlSeconds: number): ProtocolError {
  const [cause, problem, fix] =
    reason === "expired"
      ? ["expired", `it expired (a requestState lives ${ttlSeconds} s)`, START_OVER]
      : reason === "bind"
        ? [
            "other_call",
            "it was sealed for another call (another tool, other arguments or another user)",
            `send a requestState only with the call it came with, or ${START_OVER}`,
          ]
        : [
            "altered",
            "it is not one this server sealed, or it was altered",
            `echo the requestState byte for byte (servers behind a load balancer need one shared requestStateKey), or ${START_OVER}`,
          ];
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid requestState: ${problem}; ${fix}`, {
    reason: "invalid_request_state",
    cause,
  });
}

function isRoundRecord(value: unknown): value is RoundRecord {
  if (!isPlainObject(value)) return false;
  const { round, answers, asked } = value;
  return (
    Number.isSafeInteger(round) &&
    (round as number) >= 1 &&
    isPlainObject(answers) &&
    Object.values(answers).every((entry) => isPlainObject(entry) && typeof entry.question === "string" && "answer" in entry) &&
    isPlainObject(asked) &&
    Object.values(asked).every((digest) => typeof digest === "string")
  );
}
