// Node's fs with a `globSync` that finds nothing: only the suite's
// tier-check command calls it, never a server scenario.
import fs from "node:fs";

export * from "node:fs";
export default fs;
export function globSync() {
  throw new Error("globSync is not available on this Node version (the conformance suite's tier-check command needs Node 22)");
}
