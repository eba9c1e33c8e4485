/**
 * A tool's `outputSchema`: checked against the 2020-12 meta-schema at
 * registration, compiled once, and run on every result before it leaves the
 * server as `structuredContent` — MCP says a server MUST send results that
 * conform, and clients (the SDK's `Client` among them) reject a tool whose
 * results do not.
 */
import { failureProblems, sortProblems, type DataProblem } from "./data-check.js";
import { compileSchema, type CompiledSchema } from "./json-schema/validator.js";
import { schemaFaults } from "./json-schema/meta-schema.js";
import { locationOf } from "./offence.js";

/** Compiled output schemas, by the schema object compiled (registration compiles, calls reuse). */
const compiled = new WeakMap<object, CompiledSchema>();

/**
 * What is wrong with an output schema, one `{ problem, fix }` per fault, each
 * problem naming its place (`outputSchema.properties["id"]`).
 *
 * @example
 * ```ts
 * outputSchemaFaults({ type: "object", properties: { id: { type: "integr" } } });
 * // [{ problem: 'outputSchema["properties"]["id"]: "type" is "integr", not a JSON Schema type', fix: 'did you mean "integer"? …' }]
 * ```
 */
export function outputSchemaFaults(schema: object): { problem: string; fix: string }[] {
  const faults = schemaFaults(schema).map((fault) => {
    const place = locationOf(null, ["outputSchema", ...fault.holder]);
    return { problem: `${place}: ${fault.problem}`, fix: fault.fix };
  });
  if (faults.length > 0) return faults;
  try {
    const check = compileSchema(schema);
    compiled.set(schema, check);
    return check.unresolved.map(({ at, ref }) => ({
      problem: `${locationOf(null, ["outputSchema", ...at])}: "$ref" ${JSON.stringify(ref)} points to no schema`,
      fix: 'point it at a definition inside the output schema, such as "#/$defs/item".',
    }));
  } catch (error) {
    return [
      {
        problem: `outputSchema cannot be compiled (${error instanceof Error ? error.message.split("\n")[0]! : String(error)})`,
        fix: "give every $id a distinct value, and keep the schema plain JSON.",
      },
    ];
  }
}

/**
 * Every problem of a result against the output schema (compiled once per
 * schema object), as data problems from the result's root.
 *
 * @example
 * ```ts
 * resultProblems(tool.outputSchema, { id: "1" }); // [{ code: "invalid_value", path: ["id"], … }]
 * ```
 */
export function resultProblems(schema: object, result: unknown): DataProblem[] {
  let check = compiled.get(schema);
  if (check === undefined) compiled.set(schema, (check = compileSchema(schema)));
  if (check.accepts(result)) return [];
  return sortProblems(check.failures(result).named.flatMap((failure) => failureProblems([], failure)));
}
