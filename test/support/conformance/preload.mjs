// Preloaded into the conformance suite's CLI on Node 20 (`node --import`):
// the suite imports `globSync` from `fs` (Node ≥ 22) for its tier-check
// command alone, so its `fs` import is pointed at a module that adds a stub.
// On Node ≥ 22 nothing is redirected.
import { register } from "node:module";
import fs from "node:fs";

if (typeof fs.globSync !== "function") register("./hooks.mjs", import.meta.url);
