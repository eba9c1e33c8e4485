/**
 * Authentication, and the identity a session is bound to. The decision reads
 * only the `Authorization` header and hands the request, untouched, to the
 * user's hooks, so any host (Node's `req`, a fetch `Request`) can share it.
 *
 * The identity is a SHA-256 digest, so a session keeps no token in memory:
 * the user name a hook returned, else the bearer token presented, else (for
 * an `authenticate` hook alone) the `Authorization` header. No
 * authentication, no identity: the session id is then the only credential.
 * Hashing uses Web Crypto, which every runtime the handlers serve on has.
 */
import { refusal, type Refusal } from "./refusal.js";

/**
 * What an authentication hook answers: `true` to serve the request, a
 * non-empty string to serve it as that user (the user's sessions answer to
 * no one else), anything else to refuse it with 401.
 *
 * @example
 * ```ts
 * const verdict: AuthVerdict = users.get(token)?.name ?? false;
 * ```
 */
export type AuthVerdict = boolean | string;

/** The hooks `authenticate` runs, for a request of type `R`. */
export interface Authenticators<R> {
  readonly bearerToken?: string | ((token: string, request: R) => AuthVerdict | Promise<AuthVerdict>);
  readonly authenticate?: (request: R) => AuthVerdict | Promise<AuthVerdict>;
}

/** An authenticated request's identity (`undefined` without authentication), or the refusal to answer. */
export type Authentication = { readonly identity: string | undefined } | { readonly refusal: Refusal };

const REALM = 'realm="mcp"';

/**
 * Runs `bearerToken`, then `authenticate` (both must pass). A missing bearer
 * token gets a bare challenge, a token that fails `invalid_token` (RFC 6750
 * §3, §3.1); a hook that throws rejects with `AuthenticationFailure` (the
 * HTTP core answers 500 and logs its reason, which stays on the server).
 *
 * @example
 * ```ts
 * const outcome = await authenticate(req.headers.authorization, req, { bearerToken: "s3cret" });
 * if ("refusal" in outcome) return refuse(outcome.refusal);
 * ```
 */
export async function authenticate<R>(authorization: string | undefined, request: R, hooks: Authenticators<R>): Promise<Authentication> {
  const { bearerToken, authenticate: hook } = hooks;
  if (bearerToken === undefined && hook === undefined) return { identity: undefined };
  const presented = authorization === undefined ? undefined : /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization)?.[1];
  // Tagged parts, so a user named like a token can never collide with one.
  const parts: string[] = [];
  try {
    if (bearerToken !== undefined) {
      if (presented === undefined) return unauthorized(REALM);
      const verdict = typeof bearerToken === "string" ? await sameSecret(presented, bearerToken) : await bearerToken(presented, request);
      if (!passes(verdict)) return unauthorized(`${REALM}, error="invalid_token", error_description="the access token is not valid"`);
      // A user name outlives the token (a refreshed token keeps its sessions); without one, the token is who it is.
      parts.push(typeof verdict === "string" ? `user:${verdict}` : `token:${presented}`);
    }
    if (hook !== undefined) {
      const verdict = await hook(request);
      if (!passes(verdict)) return unauthorized(presented === undefined ? REALM : `${REALM}, error="invalid_token"`);
      if (typeof verdict === "string") parts.push(`user:${verdict}`);
      else if (bearerToken === undefined && authorization !== undefined) parts.push(`authorization:${authorization}`);
    }
  } catch (error) {
    // The hook's reason is the operator's to read: the HTTP core logs it and tells the client an error id.
    throw new AuthenticationFailure(error);
  }
  return { identity: parts.length === 0 ? undefined : hex(await digest(JSON.stringify(parts))) };
}

/** An authentication hook threw: answered 500 with an error id, its reason (the `cause`) logged. */
export class AuthenticationFailure extends Error {
  override readonly name = "AuthenticationFailure";

  constructor(cause: unknown) {
    super("an authentication hook threw", { cause });
  }
}

function passes(verdict: unknown): verdict is true | string {
  return verdict === true || (typeof verdict === "string" && verdict !== "");
}

function unauthorized(challenge: string): Authentication {
  return { refusal: refusal(401, -32000, "Unauthorized: a valid bearer token is required", { "www-authenticate": `Bearer ${challenge}` }) };
}

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

function hex(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return text;
}

/** Constant-time comparison, independent of the lengths too (both sides hashed to 32 bytes, every byte compared). */
async function sameSecret(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(presented), digest(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}
