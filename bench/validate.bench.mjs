// 1. `validate` vs Ajv's meta-schema validation (`ajv.validateSchema`) of the
// same property schemas, and vs a bare walk of them (the floor: what any
// validator must at least do); and what bounds `validate` on a declaration
// that is not frozen: reading it once (every accessor called once, every
// symbol and hidden key found, a copy made), measured alone against Ajv and
// against the engine calls it cannot do without.
import Ajv from "ajv";
import { validate } from "../dist/src/index.js";
// Internal: the copy every obtaining makes of a declaration defineTool did not freeze.
import { readOnce } from "../dist/src/util/read-once.js";
import { compare } from "./compare.mjs";
import { actionRecord, toolOver } from "./workloads.mjs";

export async function run() {
  const ajv = new Ajv({ strict: false });
  for (const [label, actions] of [
    ["20 actions × 8 properties × depth 3", 20],
    ["one tool with 500 actions", 500],
  ]) {
    const record = actionRecord(actions, 8, 3);
    const tool = toolOver("bench", record);
    const schemas = Object.values(record).map((schema) => ({ type: "object", properties: schema.properties }));
    await compare(
      `validate (${label})`,
      () => validate(tool),
      [
        {
          name: "ajv.validateSchema",
          target: 1.0,
          run: () => {
            for (const schema of schemas) if (!ajv.validateSchema(schema)) throw new Error("invalid");
          },
        },
        { name: "a bare recursive walk building the closure (the floor)", run: () => bareWalk(record) },
      ],
      { time: 3000, rounds: 10 },
    );
    const actionSchemas = Object.values(record);
    await compare(
      `reading the declaration once (${label})`,
      () => {
        for (const schema of actionSchemas) readOnce(schema);
      },
      [
        { name: "ajv.validateSchema", run: () => schemas.every((schema) => ajv.validateSchema(schema)) },
        { name: "the engine calls it cannot do without (its floor)", run: () => actionSchemas.every((schema) => readingFloor(schema) > 0) },
      ],
      { label: "readOnce alone", time: 2000, rounds: 10 },
    );
  }
}

/**
 * The least a validator of these schemas must do: visit every action and
 * every schema object the key-set walk visits, list their keys, read the
 * three walked keywords and build the closure — with none of wymcp's
 * guarantees (no cycle or depth safety, no containment of throwing getters,
 * no vocabulary validators, no offences, no defaults check).
 */
function bareWalk(record) {
  for (const name of Object.keys(record)) {
    const action = record[name];
    Object.keys(action);
    propertyMap(action.properties);
  }
}

function propertyMap(map) {
  const declared = new Map();
  Object.getOwnPropertySymbols(map);
  for (const name of Object.keys(map)) {
    const schema = map[name];
    if (isPlain(schema)) declared.set(name, schemaClosure(schema));
  }
  return declared;
}

function schemaClosure(schema) {
  const closure = { declared: null, extra: "allow", items: null };
  const { properties, items, additionalProperties } = schema;
  if (isPlain(properties)) {
    closure.declared = propertyMap(properties);
    closure.extra = "refuse";
  }
  if (isPlain(items)) closure.items = schemaClosure(items);
  if (isPlain(additionalProperties)) closure.extra = schemaClosure(additionalProperties);
  return closure;
}

/**
 * What reading a declaration once cannot do without, and nothing else: for
 * every object, its string keys and its symbol keys (a symbol key is an
 * offence) listed, one descriptor per key (an accessor must be seen, not
 * called), and an identity map (sharing and cycles) — no copy made, no
 * prototype or array check, no containment of throwing traps.
 */
function readingFloor(value) {
  const seen = new Map();
  const pending = [value];
  while (pending.length > 0) {
    const object = pending.pop();
    if (typeof object !== "object" || object === null || seen.has(object)) continue;
    seen.set(object, true);
    const symbols = Object.getOwnPropertySymbols(object);
    for (const name of Object.getOwnPropertyNames(object)) pending.push(Reflect.getOwnPropertyDescriptor(object, name).value);
    for (const symbol of symbols) pending.push(Reflect.getOwnPropertyDescriptor(object, symbol).value);
  }
  return seen.size;
}

function isPlain(value) {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || (prototype === null && !Array.isArray(value));
}
