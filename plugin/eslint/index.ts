/**
 * `wymcp/eslint` — the action-schema check in every editor ESLint runs in
 * (and in `eslint` on the command line): a flat-config plugin with one
 * rule, `action-schema`, and `configs.recommended`, which lints
 * `.ts/.mts/.cts/.tsx/.js/.mjs/.cjs` with no other parser installed.
 *
 * @example
 * ```js
 * // eslint.config.js
 * import wymcp from "wymcp/eslint";
 * export default [wymcp.configs.recommended];
 * ```
 *
 * @module
 */
import type { ESLint, Linter } from "eslint";
import { wymcpVersion } from "../package.js";
import { textParser } from "./parser.js";
import { actionSchemaRule } from "./rule.js";

/** The TypeScript files the plugin's parser reads (ESLint's own parser reads the JavaScript ones). */
const TYPESCRIPT_FILES = ["**/*.ts", "**/*.mts", "**/*.cts", "**/*.tsx"];
const JAVASCRIPT_FILES = ["**/*.js", "**/*.mjs", "**/*.cjs"];

/** The flat-config plugin: the `action-schema` rule, the parser for TypeScript files, and `configs.recommended`. */
const plugin = {
  meta: { name: "wymcp", version: wymcpVersion() ?? "0.0.0" },
  rules: { "action-schema": actionSchemaRule },
  parser: textParser,
  configs: {} as { recommended: Linter.Config[] },
} satisfies ESLint.Plugin & { parser: Linter.Parser };

/**
 * The recommended config: the rule as an error on JavaScript and TypeScript
 * files, TypeScript files read by the plugin's parser. Spread it
 * (`...wymcp.configs.recommended`) into a flat config.
 */
plugin.configs.recommended = [
  {
    name: "wymcp/recommended",
    files: [...TYPESCRIPT_FILES, ...JAVASCRIPT_FILES],
    plugins: { wymcp: plugin },
    rules: { "wymcp/action-schema": "error" },
  },
  { name: "wymcp/recommended/typescript", files: TYPESCRIPT_FILES, languageOptions: { parser: textParser } },
];

export default plugin;
export { actionSchemaRule, textParser };
