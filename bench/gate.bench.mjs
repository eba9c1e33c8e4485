// 2. The call gate (every data check: required, requiredOneOf, unknown keys at
// every depth of the closure, and every value against its property's JSON
// Schema) vs (a) an Ajv-compiled validator of the equivalent closed JSON
// Schema and (b) the equivalent zod 4 object with safeParse — what an
// McpServer author pays — on the same data.
import { dereference, validate } from "@cfworker/json-schema";
import Ajv2020 from "ajv/dist/2020.js";
import { Bench } from "tinybench";
import { defineTool, fetchSchema } from "../dist/src/index.js";
// The gate as dispatch runs it: the first 50 problems named, the rest counted (internal: not on the root entry).
import { gateProblems } from "../dist/src/serving/gate.js";

const dataProblems = (schema, data) => gateProblems(schema, data, 50).problems;
import { compare } from "./compare.mjs";
import { zodAction } from "./sdk-tools.mjs";
import { closedJsonSchema, invalidTask, taskAction, validTask } from "./value-workload.mjs";

/**
 * Where the gate's time goes (printed, not ratios), measured on the contract
 * the gate compiled. Valid data: the whole gate, the closure's yes/no walk
 * (unknown keys at every depth) and the value checks' yes/no (one
 * @cfworker/json-schema validation per property). Refused data: the whole
 * gate, the closure's full walk, the value problems (validator failures
 * reduced to the places that say what to change), and @cfworker/json-schema
 * alone collecting every error. Reads wymcp's internal modules from dist/,
 * so it follows src/ as it is built.
 */
async function breakdown(tool) {
  const { contractOf } = await import("../dist/src/validation/obtaining.js");
  const { closureAdmits } = await import("../dist/src/validation/closure-admits.js");
  const { closureViolations } = await import("../dist/src/validation/closure.js");
  const { valueProblems } = await import("../dist/src/validation/data-check.js");
  const contract = contractOf(fetchSchema(tool, "create").schema);
  const raw = Object.entries(taskAction.properties).map(([name, schema]) => {
    const copy = structuredClone(schema);
    return { name, copy, lookup: dereference(copy) };
  });
  const parts = {
    "valid data": [
      ["closure walk alone (yes/no)", (data) => closureAdmits(contract.closure, data)],
      [
        "value checks alone (yes/no, @cfworker/json-schema per property)",
        (data) => {
          for (const key of Object.keys(data)) if (contract.values.get(key)?.accepts(data[key]) === false) return false;
          return true;
        },
      ],
    ],
    "refused data": [
      ["closure walk alone (every unknown key)", (data) => closureViolations(contract.closure, data)],
      ["value problems alone (wymcp's valueProblems)", (data) => valueProblems(contract.values, data)],
      [
        "@cfworker/json-schema alone, every error (shortCircuit off)",
        (data) => raw.map(({ name, copy, lookup }) => validate(data[name], copy, "2020-12", lookup, false)),
      ],
    ],
  };
  for (const [label, data] of [
    ["valid data", validTask],
    ["refused data", invalidTask],
  ]) {
    const bench = new Bench({ time: 1000, warmup: true, warmupTime: 300 });
    bench.add("whole gate", () => dataProblems(fetchSchema(tool, "create").schema, data));
    for (const [name, part] of parts[label]) bench.add(name, () => part(data));
    bench.add("ajv compiled, for scale", () => ajvFor(taskAction)(data));
    await bench.run();
    for (const task of bench.tasks)
      console.log(`call gate breakdown (${label}): ${task.name} ${(task.result.latency.mean * 1000).toFixed(2)} µs`);
  }
}

const ajvCache = new Map();
function ajvFor(action) {
  if (!ajvCache.has(action)) ajvCache.set(action, new Ajv2020({ allErrors: true, strict: false }).compile(closedJsonSchema(action)));
  return ajvCache.get(action);
}

export async function run() {
  const tool = defineTool({ name: "tasks", description: "Tasks", actions: { create: taskAction }, handlers: { create: () => null } });
  const ajvValidate = ajvFor(taskAction);
  const zodSchema = zodAction(taskAction);
  const gate = (data) => {
    const found = fetchSchema(tool, "create");
    return dataProblems(found.schema, data);
  };
  const cases = {
    "valid data": validTask,
    "data with value problems and nested unknown keys": invalidTask,
  };
  for (const [label, data] of Object.entries(cases)) {
    // The three must agree before they are timed; the counts show how much each reports.
    const ours = gate(data);
    const ajvValid = ajvValidate(data);
    const zodResult = zodSchema.safeParse(data);
    if ((ours.length === 0) !== ajvValid || ajvValid !== zodResult.success) {
      throw new Error(
        `call gate (${label}): the checks disagree (wymcp ${ours.length} problems, ajv ${ajvValid}, zod ${zodResult.success})`,
      );
    }
    console.log(
      `call gate (${label}): wymcp ${ours.length} problems, ajv ${ajvValidate.errors?.length ?? 0} errors, zod ${zodResult.error?.issues.length ?? 0} issues`,
    );
    await compare(`call gate (${label})`, () => gate(data), [
      { name: "ajv compiled (2020-12, allErrors)", target: 1.0, run: () => ajvValidate(data) },
      { name: "zod 4 safeParse", target: 1.0, run: () => zodSchema.safeParse(data) },
    ]);
  }
  await breakdown(tool);
}
