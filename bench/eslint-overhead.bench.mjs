// The ESLint rule `wymcp/action-schema` vs ESLint without it, on the build
// bench's 200 tool files among 1,000 modules, each run a fresh `eslint`
// process (ESLint 10, this repository's), rounds alternating the order, the
// median of each round's ratio (wall, with CPU beside it):
//   * a TypeScript project's usual config, typescript-eslint's parser and
//     `tseslint.configs.recommended` (TypeScript 5.9), with and without the rule;
//   * `wymcp.configs.recommended` alone (the route on TypeScript 7, where
//     typescript-eslint does not run) against ESLint reading the same files
//     through the plugin's parser with no rule: ESLint's own floor, which
//     lints nothing (no target: what it shows is the check's own cost).
//
//   npm run build && node bench/run.mjs eslint
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { recordRounds } from "./compare.mjs";
import { checkedProject, timeNode } from "./checked-project.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const ROUNDS = 5 + Number(process.env.WYMCP_BENCH_REPS ?? 0);
const TARGET = 1.5;

const CONFIGS = {
  "typescript-eslint": 'import tseslint from "typescript-eslint";\nexport default [...tseslint.configs.recommended];\n',
  "typescript-eslint + wymcp":
    'import tseslint from "typescript-eslint";\nimport wymcp from "wymcp/eslint";\n' +
    'export default [...tseslint.configs.recommended, { plugins: { wymcp }, rules: { "wymcp/action-schema": "error" } }];\n',
  "wymcp recommended": 'import wymcp from "wymcp/eslint";\nexport default [...wymcp.configs.recommended];\n',
  "parser only": 'import wymcp from "wymcp/eslint";\nexport default [{ files: ["**/*.ts"], languageOptions: { parser: wymcp.parser } }];\n',
};

export async function run() {
  const modules = join(repo, "node_modules");
  const root = checkedProject({
    typescript: join(modules, "typescript"),
    "typescript-eslint": join(modules, "typescript-eslint"),
    eslint: join(modules, "eslint"),
  });
  try {
    const commands = Object.fromEntries(
      Object.entries(CONFIGS).map(([name, text], index) => {
        const file = `eslint.${index}.config.js`;
        writeFileSync(join(root, file), text);
        // Exit 1: typescript-eslint's rules find problems in the generated code; the work is the same.
        return [name, [join(modules, "eslint/bin/eslint.js"), "--config", file, "--no-warn-ignored", "src"]];
      }),
    );
    const samples = Object.fromEntries(Object.keys(CONFIGS).map((name) => [name, []]));
    for (const args of Object.values(commands)) timeNode(root, args, [0, 1]); // warms the file system cache
    const names = Object.keys(CONFIGS);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) samples[name].push(timeNode(root, commands[name], [0, 1]));
    }
    const ms = (name) => samples[name].map((sample) => (sample.wall / 1000).toFixed(0)).join(", ");
    for (const name of names) console.log(`  eslint, ${name}: ${ms(name)} ms`);
    recordRounds(
      "ESLint + wymcp/action-schema, typescript-eslint recommended (200 tool files among 1,000 modules)",
      samples["typescript-eslint + wymcp"],
      [{ name: "the same config without the rule", samples: samples["typescript-eslint"], target: TARGET }],
    );
    recordRounds("ESLint, wymcp.configs.recommended (the TypeScript 7 route)", samples["wymcp recommended"], [
      // No target: ESLint with no rule lints nothing; the difference is the check itself, as `wymcp check` runs it.
      { name: "ESLint reading the files with no rule (its floor)", samples: samples["parser only"] },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
