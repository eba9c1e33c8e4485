// 9. The cost of refusing a hostile call: 130,000 undeclared keys (~2 MB of
// JSON) against a valid call of the same size and shape (a map of 130,000
// numbers the action declares with `additionalProperties`). Both data are
// parsed once, before timing: the transport's JSON.parse is the same for both.
// Then 130,000 wrong values — every entry of the map a string, every item of
// a number list a string — against the same sizes of valid values: the cost
// of naming value problems at scale (the first 50 named, the rest counted).
import { createRouter, defineTool } from "../dist/src/index.js";
import { compare } from "./compare.mjs";

const notes = defineTool({
  name: "notes",
  description: "Notes",
  actions: {
    add: {
      description: "Add a note",
      properties: {
        text: { type: "string" },
        scores: { type: "object", additionalProperties: { type: "number" } },
        points: { type: "array", items: { type: "number" } },
      },
    },
  },
  handlers: { add: () => "ok" },
});

export async function run() {
  const router = createRouter({ tools: [notes] });
  const keys = {};
  for (let index = 0; index < 130_000; index++) keys[`k${index}`] = index;
  const hostile = JSON.parse(JSON.stringify({ action: "add", data: keys }));
  const valid = JSON.parse(JSON.stringify({ action: "add", data: { scores: keys } }));
  if ((await router.callTool("notes", valid)).isError) throw new Error("refusal cost: the valid call was refused");
  if (!(await router.callTool("notes", hostile)).isError) throw new Error("refusal cost: the hostile call was served");
  await compare(
    "refusing 130,000 undeclared keys",
    () => router.callTool("notes", hostile),
    [{ name: "a valid call of the same size (a 130,000-entry map)", target: 1.0, run: () => router.callTool("notes", valid) }],
    { time: 3000 },
  );
  const wrongMap = {};
  for (let index = 0; index < 130_000; index++) wrongMap[`k${index}`] = `${index}`;
  const list = Array.from({ length: 130_000 }, (_, index) => index);
  const cases = [
    ["130,000 wrong map values", { scores: wrongMap }, "the same map of numbers", { scores: keys }],
    ["130,000 wrong list items", { points: list.map(String) }, "the same list of numbers", { points: list }],
  ];
  for (const [label, wrong, validLabel, right] of cases) {
    const bad = JSON.parse(JSON.stringify({ action: "add", data: wrong }));
    const good = JSON.parse(JSON.stringify({ action: "add", data: right }));
    if ((await router.callTool("notes", good)).isError) throw new Error(`refusal cost: ${validLabel} was refused`);
    if (!(await router.callTool("notes", bad)).isError) throw new Error(`refusal cost: ${label} were served`);
    await compare(
      `refusing ${label}`,
      () => router.callTool("notes", bad),
      [{ name: validLabel, run: () => router.callTool("notes", good) }],
      { time: 3000 },
    );
  }
}
