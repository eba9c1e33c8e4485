/**
 * The call gate under hostile JSON: `__proto__`, `constructor`, `prototype`
 * and other `Object.prototype` names as `JSON.parse` creates them — own data
 * properties — at the top level, nested, inside arrays, in places defaults
 * are merged into, beside deep nesting and huge arrays; through
 * `router.callTool` and through the SDK's own `Client` over in-memory and
 * HTTP transports. After every case the built-in prototypes are exactly as
 * they were; keys the closure does not declare are refused wherever they
 * sit; and a handler that mutates its data never reaches the next call, the
 * schema's defaults or the caller's object.
 */
import { Client, StreamableHTTPClientTransport, InMemoryTransport } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { createRouter, defineTool, type ActionSchema, type Router } from "../src/index.js";
import { createMcpServer, serveHttp } from "../src/mcp/index.js";
import { readAnswer, type ReadAnswer } from "./fixtures/runtime/answers.js";

// ---------------------------------------------------------------------------
// The built-in prototypes, fingerprinted: every own key and what it holds.

const BUILT_INS: Readonly<Record<string, object>> = {
  "Object.prototype": Object.prototype,
  "Array.prototype": Array.prototype,
  "Function.prototype": Function.prototype,
  "String.prototype": String.prototype,
  "Number.prototype": Number.prototype,
  "Boolean.prototype": Boolean.prototype,
  Object,
};

function fingerprint(): Map<string, readonly unknown[]> {
  const prints = new Map<string, readonly unknown[]>();
  for (const [name, target] of Object.entries(BUILT_INS)) {
    prints.set(`${name} [[Prototype]]`, [Object.getPrototypeOf(target), Object.isExtensible(target)]);
    for (const key of Reflect.ownKeys(target)) {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- an accessor's get and set are compared, never called
      const { value, get, set, writable, enumerable, configurable } = Object.getOwnPropertyDescriptor(target, key)!;
      prints.set(`${name}.${String(key)}`, [value, get, set, writable, enumerable, configurable]);
    }
  }
  return prints;
}

const PRISTINE = fingerprint();

/** What differs from the pristine built-ins: empty when nothing was polluted. */
function pollution(): string[] {
  const now = fingerprint();
  const changes: string[] = [];
  for (const [key, print] of now) {
    const before = PRISTINE.get(key);
    if (before === undefined || print.some((part, index) => !Object.is(part, before[index]))) changes.push(key);
  }
  for (const key of PRISTINE.keys()) if (!now.has(key)) changes.push(`${key} (removed)`);
  const probes = [{}, [], () => {}, Object.create(null)] as Record<string, unknown>[];
  for (const probe of probes)
    for (const name of ["polluted", "isAdmin", "v"]) if (name in probe) changes.push(`${name} reachable from a fresh value`);
  return changes;
}

afterEach(() => {
  expect(pollution()).toEqual([]);
});

// ---------------------------------------------------------------------------
// The tool: function-form actions over one mutable record, so a shared
// default would show (object-form actions are deep-frozen by defineTool).

// No `type` keywords: this file pins the closure (which keys pass, at every depth) on any values;
// the values themselves are pinned in call-gate-values.test.ts.
const ACTIONS = {
  put: {
    description: "Stores data",
    properties: {
      name: {},
      opts: { properties: { due: {}, tags: { items: {} }, nested: { properties: { level: {} } } } },
      rows: { items: { properties: { id: {}, tags: {} } } },
      meta: {},
      extra: { additionalProperties: { properties: { v: {} } } },
      sealed: { additionalProperties: false },
    },
    defaults: {
      opts: { tags: ["default"], nested: { level: 1 } },
      // A default in an open place may hold hostile names too (an author's JSON): copied as own properties.
      meta: JSON.parse(
        '{"source":"default","__proto__":{"polluted":true},"list":[{"deep":["x"],"constructor":{"prototype":{"polluted":true}}}]}',
      ) as Record<string, unknown>,
    },
  },
} satisfies Record<string, ActionSchema>;
const ACTIONS_AS_DECLARED = JSON.stringify(ACTIONS);

/** Every object reachable from the record: handler data must share none of them. */
function objectsIn(root: unknown, into = new Set<object>()): Set<object> {
  if (typeof root === "object" && root !== null && !into.has(root)) {
    into.add(root);
    for (const value of Object.values(root)) objectsIn(value, into);
  }
  return into;
}
const DECLARED_OBJECTS = objectsIn(ACTIONS);

const received: Record<string, unknown>[] = [];
let mutate = false;

const store = defineTool({
  name: "store",
  description: "Stores data",
  actions: () => ACTIONS,
  handlers: {
    put: (data) => {
      received.push(data);
      if (mutate) vandalize(data);
      return "ok";
    },
  },
});

/** What a careless handler does to its data: edits, deletes, pushes and re-prototypes at every depth. */
function vandalize(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) vandalize(item);
    value.push("vandal");
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) vandalize(record[key]);
  const [first] = Object.keys(record);
  if (first !== undefined) delete record[first];
  record["vandal"] = true;
  Object.setPrototypeOf(record, null);
}

afterEach(() => {
  received.length = 0;
  mutate = false;
  expect(JSON.stringify(ACTIONS)).toBe(ACTIONS_AS_DECLARED);
});

// ---------------------------------------------------------------------------
// The ways to call: the router itself, and the SDK Client over two transports.

interface Caller {
  call(args: unknown): Promise<ReadAnswer>;
  close(): Promise<void>;
}

const TRANSPORTS: readonly [string, (router: Router) => Promise<Caller>][] = [
  [
    "router.callTool",
    async (router) => ({ call: async (args) => readAnswer(await router.callTool("store", args)), close: async () => {} }),
  ],
  [
    "an SDK Client over InMemoryTransport",
    async (router) => {
      const server = createMcpServer(router);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: "hostile", version: "1" });
      await server.connect(serverSide);
      await client.connect(clientSide);
      return {
        call: async (args) => readAnswer(await client.callTool({ name: "store", arguments: args as Record<string, unknown> })),
        close: async () => (await client.close(), await server.close()),
      };
    },
  ],
  [
    "an SDK Client over Streamable HTTP",
    async (router) => {
      const running = await serveHttp(router, { maxBodyBytes: 16 * 1024 * 1024 });
      const client = new Client({ name: "hostile", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(running.url));
      return {
        call: async (args) => readAnswer(await client.callTool({ name: "store", arguments: args as Record<string, unknown> })),
        close: async () => (await client.close(), await running.close()),
      };
    },
  ],
];

/** The refused keys of an answer, as `<data path> <key>`. */
const refusedKeys = (answer: ReadAnswer): string[] =>
  (answer.body.problems as { code: string; at: string; key: string }[]).map((problem) => `${problem.code} ${problem.at} ${problem.key}`);

const put = (data: string) => JSON.parse(`{"action":"put","data":${data}}`) as unknown;

/** Cases whose hostile keys sit where the closure refuses them: one invalid_data answer naming each. */
const REFUSED: readonly [string, string, readonly string[]][] = [
  ["__proto__ at the top level", '{"name":"x","__proto__":{"polluted":true}}', ["unknown_key data __proto__"]],
  ["constructor.prototype at the top level", '{"constructor":{"prototype":{"polluted":true}}}', ["unknown_key data constructor"]],
  ["prototype at the top level", '{"prototype":{"isAdmin":true}}', ["unknown_key data prototype"]],
  [
    "names Object.prototype carries (a lookup that trusts `in` would accept them)",
    '{"toString":1,"hasOwnProperty":2,"valueOf":3,"__defineGetter__":4}',
    ["unknown_key data __defineGetter__", "unknown_key data hasOwnProperty", "unknown_key data toString", "unknown_key data valueOf"],
  ],
  [
    "__proto__ and constructor nested in declared objects",
    '{"opts":{"__proto__":{"polluted":true},"nested":{"level":2,"constructor":{"prototype":{"polluted":true}}}}}',
    ['unknown_key data["opts"] __proto__', 'unknown_key data["opts"]["nested"] constructor'],
  ],
  [
    "hostile keys inside array elements",
    '{"rows":[{"id":1},{"__proto__":{"polluted":true}},{"id":2,"prototype":{}},{"id":3,"constructor":1}]}',
    ['unknown_key data["rows"][1] __proto__', 'unknown_key data["rows"][2] prototype', 'unknown_key data["rows"][3] constructor'],
  ],
  [
    "an extra key allowed by an additionalProperties schema, its value still walked",
    '{"extra":{"__proto__":{"v":1,"polluted":true},"constructor":{"v":2}}}',
    ['unknown_key data["extra"]["__proto__"] polluted'],
  ],
  ["__proto__ where additionalProperties is false", '{"sealed":{"__proto__":{"polluted":true}}}', ['unknown_key data["sealed"] __proto__']],
  ["__proto__ in a place defaults are merged into", '{"opts":{"__proto__":{"tags":["x"]}}}', ['unknown_key data["opts"] __proto__']],
];

describe.each(TRANSPORTS)("hostile keys through %s", (_label, connect) => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await connect(createRouter({ tools: [store] }));
  });
  afterAll(async () => {
    await caller.close();
  });

  test.each(REFUSED)("%s: refused, handler not run", async (_case, data, refused) => {
    const answer = await caller.call(put(data));
    expect(answer).toMatchObject({ isError: true, body: { error: "invalid_data" } });
    expect(refusedKeys(answer)).toEqual(refused);
    expect(received).toEqual([]);
  });

  test("hostile keys in an open place reach the handler as own data properties, prototypes intact", async () => {
    const answer = await caller.call(
      put('{"meta":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":[{"__proto__":null}]}}'),
    );
    expect(answer).toMatchObject({ isError: false, body: "ok" });
    const [data] = received as [{ meta: Record<string, unknown>; opts: unknown }];
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(data.meta)).toBe(Object.prototype);
    expect(Object.keys(data.meta)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.getOwnPropertyDescriptor(data.meta, "__proto__")?.value).toEqual(JSON.parse('{"polluted":true}'));
    expect(Object.getPrototypeOf((data.meta["prototype"] as object[])[0])).toBe(Object.prototype);
    // The default for opts was merged, as a fresh copy.
    expect(data.opts).toEqual({ tags: ["default"], nested: { level: 1 } });
    expect(DECLARED_OBJECTS.has(data.opts as object)).toBe(false);
  });

  test("keys an additionalProperties schema allows keep their hostile names as own properties", async () => {
    const answer = await caller.call(put('{"extra":{"__proto__":{"v":1},"prototype":{"v":2},"constructor":{}}}'));
    expect(answer.isError).toBe(false);
    const extra = (received[0] as { extra: Record<string, unknown> }).extra;
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(Object.keys(extra)).toEqual(["__proto__", "prototype", "constructor"]);
    expect(extra["constructor"]).toEqual({});
  });

  test("a handler that vandalizes its data reaches neither the next call nor the declared defaults", async () => {
    mutate = true;
    for (let call = 0; call < 3; call++) expect((await caller.call(put('{"name":"x"}'))).isError).toBe(false);
    mutate = false;
    expect((await caller.call(put('{"name":"x"}'))).isError).toBe(false);
    const last = received.at(-1)! as { meta: Record<string, unknown> };
    expect(JSON.stringify(last)).toBe(JSON.stringify({ name: "x", ...ACTIONS.put.defaults }));
    // The hostile names in the default were copied as own properties: the copy's prototype is Object.prototype.
    expect(Object.getPrototypeOf(last.meta)).toBe(Object.prototype);
    expect(Object.keys(last.meta)).toEqual(["source", "__proto__", "list"]);
    expect(Object.getPrototypeOf((last.meta["list"] as object[])[0])).toBe(Object.prototype);
    const copies = received.map((data) => objectsIn(data));
    for (const [index, copy] of copies.entries()) {
      for (const object of copy) {
        expect(DECLARED_OBJECTS.has(object)).toBe(false);
        for (const other of copies.slice(index + 1)) expect(other.has(object)).toBe(false);
      }
    }
  });

  test("data 300 levels deep through a 300-level schema: a hostile key at the bottom is refused at its exact path", async () => {
    const deepCaller = await connect(createRouter({ tools: [deepTool] }));
    try {
      const path = Array.from({ length: DEPTH }, () => '["n"]').join("");
      const refused = await deepCaller.call(
        JSON.parse(`{"action":"put","data":${'{"n":'.repeat(DEPTH)}{"leaf":[1],"__proto__":{"polluted":true}}${"}".repeat(DEPTH)}}`),
      );
      expect(refusedKeys(refused)).toEqual([`unknown_key data${path} __proto__`]);
      const merged = await deepCaller.call({ action: "put" });
      expect(merged.isError).toBe(false);
      let level = deepReceived.at(-1) as Record<string, unknown>;
      for (let depth = 0; depth < DEPTH; depth++) level = level["n"] as Record<string, unknown>;
      expect(level).toEqual({ leaf: [1, 2, 3] });
      expect(Object.getPrototypeOf(level)).toBe(Object.prototype);
    } finally {
      await deepCaller.close();
    }
  });

  test("100,000 rows with a hostile key in every 1,000th: 100 refusals, the first 50 listed in order", async () => {
    const rows = Array.from({ length: 100_000 }, (_, id) =>
      id % 1000 === 999 ? `{"id":${id},"__proto__":{"polluted":true}}` : `{"id":${id}}`,
    );
    const answer = await caller.call(put(`{"rows":[${rows.join(",")}]}`));
    expect(answer.body.moreProblems).toBe(50);
    expect(refusedKeys(answer)).toEqual(
      Array.from({ length: 50 }, (_, index) => `unknown_key data["rows"][${index * 1000 + 999}] __proto__`),
    );
  });
});

// A 300-level chain of declared objects (deeper than the closure walk's recursion bound), with a default at the bottom.
const DEPTH = 300;
const deepReceived: unknown[] = [];
const deepTool = (() => {
  let schema: Record<string, unknown> = { type: "object", properties: { leaf: { type: "array" } } };
  let defaults: Record<string, unknown> = { leaf: [1, 2, 3] };
  for (let depth = 1; depth < DEPTH; depth++) {
    schema = { type: "object", properties: { n: schema } };
    defaults = { n: defaults };
  }
  return defineTool({
    name: "store",
    description: "Deep",
    actions: { put: { description: "Deep", properties: { n: schema }, defaults: { n: defaults } } },
    handlers: { put: (data) => (deepReceived.push(data), "ok") },
  });
})();

describe("hostile names as declared property names (a schema parsed from JSON)", () => {
  const schema = JSON.parse(`{
    "description": "Declares hostile names",
    "properties": {
      "__proto__": { "type": "object", "properties": { "constructor": { "type": "object", "properties": { "prototype": { "type": "string" } } } } },
      "constructor": { "type": "array", "items": { "type": "object", "properties": { "__proto__": { "type": "number" } } } }
    },
    "defaults": { "__proto__": { "constructor": { "prototype": "default" } } }
  }`) as ActionSchema;
  const seen: Record<string, unknown>[] = [];
  const tool = defineTool({
    name: "proto",
    description: "Proto",
    actions: { put: schema },
    handlers: { put: (data) => (seen.push(data), "ok") },
  });

  test("declared where declared, refused elsewhere; merged defaults are own properties, never prototypes", async () => {
    const router = createRouter({ tools: [tool] });
    expect(readAnswer(await router.callTool("proto", { action: "put" })).isError).toBe(false);
    const merged = seen.at(-1)!;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(["__proto__"]);
    const inner = Object.getOwnPropertyDescriptor(merged, "__proto__")!.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(inner, "constructor")!.value).toEqual({ prototype: "default" });

    const sent = await router.callTool(
      "proto",
      JSON.parse(
        '{"action":"put","data":{"constructor":[{"__proto__":1},{"__proto__":2,"prototype":3}],"__proto__":{"constructor":{"prototype":"x","__proto__":{}}}}}',
      ),
    );
    expect(refusedKeys(readAnswer(sent))).toEqual([
      'unknown_key data["__proto__"]["constructor"] __proto__',
      'unknown_key data["constructor"][1] prototype',
    ]);
  });
});

describe("the caller's own object (an in-process caller)", () => {
  test("the handler's top-level edits never reach it", async () => {
    const router = createRouter({ tools: [store] });
    const data = JSON.parse('{"name":"x","meta":{"k":1}}') as Record<string, unknown>;
    const args = { action: "put", data };
    mutate = true;
    expect(readAnswer(await router.callTool("store", args)).isError).toBe(false);
    expect(Object.keys(data)).toEqual(["name", "meta"]);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(args).toEqual({ action: "put", data });
  });
});

describe("arguments-level hostile keys", () => {
  test("router.callTool and the SDK path alike refuse them as unknown arguments (the request wymcp reads is the one the client sent)", async () => {
    const router = createRouter({ tools: [store] });
    const args = JSON.parse('{"action":"put","data":{},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}');
    const direct = readAnswer(await router.callTool("store", args));
    expect(direct.body.problems.map((problem: { code: string; key: string }) => `${problem.code} ${problem.key}`)).toEqual([
      "unknown_argument __proto__",
      "unknown_argument constructor",
    ]);

    const server = createMcpServer(router);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "hostile", version: "1" });
    await server.connect(serverSide);
    await client.connect(clientSide);
    const viaSdk = readAnswer(await client.callTool({ name: "store", arguments: args }));
    expect(viaSdk.body.problems.map((problem: { code: string; key: string }) => `${problem.code} ${problem.key}`)).toEqual([
      "unknown_argument __proto__",
      "unknown_argument constructor",
    ]);
    await client.close();
    await server.close();
  });
});

// ---------------------------------------------------------------------------
// Generated JSON: trees over declared and hostile key names, checked against
// an independent model of the closure.

const HOSTILE = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf"];
const DECLARED = ["name", "opts", "due", "tags", "nested", "level", "rows", "id", "meta", "extra", "v", "sealed"];

type Node =
  | { readonly leaf: string | number | boolean | null }
  | { readonly entries: readonly (readonly [string, Node])[] }
  | { readonly items: readonly Node[] };

const { object: objectArbitrary } = fc.letrec<{ node: Node; object: Node; leaf: Node; array: Node }>((tie) => ({
  node: fc.oneof({ depthSize: "small", maxDepth: 5 }, tie("leaf"), tie("object"), tie("array")),
  leaf: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)).map((leaf) => ({ leaf })),
  object: fc
    .uniqueArray(
      fc.tuple(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...DECLARED) },
          { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
          { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
        ),
        tie("node"),
      ),
      {
        selector: ([key]) => key,
        maxLength: 5,
      },
    )
    .map((entries) => ({ entries })),
  array: fc.array(tie("node"), { maxLength: 4 }).map((items) => ({ items })),
}));

/** JSON text written by hand, so own `__proto__` keys exist exactly where generated. */
function jsonText(node: Node): string {
  if ("leaf" in node) return JSON.stringify(node.leaf);
  if ("items" in node) return `[${node.items.map(jsonText).join(",")}]`;
  return `{${node.entries.map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(",")}}`;
}

/** The closure of ACTIONS.put as a plain model: declared names (null-prototype maps), extra, items. */
type Model =
  "open" | { readonly declared?: Readonly<Record<string, Model>>; readonly extra: "refuse" | "allow" | Model; readonly items?: Model };
const names = (entries: Record<string, Model>): Readonly<Record<string, Model>> =>
  Object.assign(Object.create(null) as Record<string, Model>, entries);
const MODEL: Model = {
  declared: names({
    name: "open",
    opts: {
      declared: names({ due: "open", tags: "open", nested: { declared: names({ level: "open" }), extra: "refuse" } }),
      extra: "refuse",
    },
    rows: { extra: "allow", items: { declared: names({ id: "open", tags: "open" }), extra: "refuse" } },
    meta: "open",
    extra: { declared: names({}), extra: { declared: names({ v: "open" }), extra: "refuse" } },
    sealed: { declared: names({}), extra: "refuse" },
  }),
  extra: "refuse",
};

/** What the closure refuses in a value, per the model: `unknown_key <data path> <key>`. */
function expectedRefusals(model: Model, value: unknown, at = "data", into: string[] = []): string[] {
  if (model === "open" || typeof value !== "object" || value === null) return into;
  if (Array.isArray(value)) {
    if (model.items !== undefined) value.forEach((item, index) => expectedRefusals(model.items!, item, `${at}[${index}]`, into));
    return into;
  }
  if (model.declared === undefined) return into;
  for (const key of Object.keys(value)) {
    const inner = Object.hasOwn(model.declared, key)
      ? model.declared[key]!
      : typeof model.extra === "object" || model.extra === "open"
        ? model.extra
        : undefined;
    if (inner === undefined) {
      if (model.extra === "refuse") into.push(`unknown_key ${at} ${key}`);
    } else {
      expectedRefusals(inner, (value as Record<string, unknown>)[key], `${at}[${JSON.stringify(key)}]`, into);
    }
  }
  return into;
}

describe.each(TRANSPORTS)("generated hostile JSON through %s", (label, connect) => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await connect(createRouter({ tools: [store] }));
  });
  afterAll(async () => {
    await caller.close();
  });

  test("refused exactly where the closure says; otherwise handed over whole, with fresh defaults; never a pollution", async () => {
    const runs = label === "router.callTool" ? 300 : 60;
    await fc.assert(
      fc.asyncProperty(objectArbitrary, fc.boolean(), async (root, vandal) => {
        const text = jsonText(root);
        const data = JSON.parse(text) as Record<string, unknown>;
        const expected = expectedRefusals(MODEL, data);
        received.length = 0;
        mutate = vandal;
        const answer = await caller.call({ action: "put", data });
        mutate = false;
        if (expected.length > 0) {
          expect(answer.body.error).toBe("invalid_data");
          expect(answer.body.problems.length + (answer.body.moreProblems ?? 0)).toBe(expected.length);
          if (expected.length <= 50) expect(refusedKeys(answer).sort()).toEqual(expected.sort());
          expect(received).toEqual([]);
        } else {
          expect(answer).toMatchObject({ isError: false, body: "ok" });
          expect(received).toHaveLength(1);
          if (!vandal) {
            // The caller's keys as sent, then each default the caller did not send.
            const merged = JSON.parse(text) as Record<string, unknown>;
            for (const [key, value] of Object.entries(ACTIONS.put.defaults)) {
              if (!Object.hasOwn(merged, key))
                Object.defineProperty(merged, key, { value: structuredClone(value), enumerable: true, writable: true, configurable: true });
            }
            expect(JSON.stringify(received[0])).toBe(JSON.stringify(merged));
            expect(Object.getPrototypeOf(received[0])).toBe(Object.prototype);
          }
          for (const object of objectsIn(received[0])) expect(DECLARED_OBJECTS.has(object)).toBe(false);
        }
        expect(JSON.stringify(ACTIONS)).toBe(ACTIONS_AS_DECLARED);
        expect(pollution()).toEqual([]);
      }),
      { numRuns: runs, seed: 20_240_808 },
    );
  });
});
