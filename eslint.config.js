// @ts-check
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Rule settings that state this project's conventions, shared by every TypeScript file. */
const conventions = {
  // `{ a: _ignored, ...rest }` is how a key is left out of a copy.
  "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_" }],
  // An async method that implements an async interface keeps `async` so that a throw becomes a rejection.
  "@typescript-eslint/require-await": "off",
  // Type-level code means `{}` (`{} extends Pick<T, K>` finds optional keys; a schema without properties infers `{}`).
  "@typescript-eslint/no-empty-object-type": ["error", { allowObjectTypes: "always" }],
};

/** The library's own settings, on top of strict and stylistic type-checked. */
/** The five rules on reading `any`, for tests that read parsed JSON answers (each use says why). */
const noUnsafeOff = {
  "@typescript-eslint/no-unsafe-argument": "off",
  "@typescript-eslint/no-unsafe-assignment": "off",
  "@typescript-eslint/no-unsafe-call": "off",
  "@typescript-eslint/no-unsafe-member-access": "off",
  "@typescript-eslint/no-unsafe-return": "off",
};

const library = {
  ...conventions,
  // Numbers read naturally in messages ("more than 100 entries"); anything else is converted on purpose.
  "@typescript-eslint/restrict-template-expressions": [
    "error",
    { allowAny: false, allowBoolean: false, allowNever: false, allowNullish: false, allowNumber: true, allowRegExp: false },
  ],
  // `!` is for index reads alone, which noUncheckedIndexedAccess types `T | undefined` even where a bound proves them;
  // everywhere else a value that may be missing is narrowed.
  "@typescript-eslint/no-non-null-assertion": "off",
  "no-restricted-syntax": [
    "error",
    {
      selector: "TSNonNullExpression:not([expression.type='MemberExpression'][expression.computed=true])",
      message: "`!` is for index reads that a bound proves; narrow other values that may be missing.",
    },
  ],
  // Keys of schema and JSON records are data and are read with brackets (`schema["enum"]`).
  "@typescript-eslint/dot-notation": ["error", { allowIndexSignaturePropertyAccess: true }],
  // `return report(…)` ends a void function early; `() => resolve()` is a callback.
  "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true }],
  // `.catch(() => {})` swallows a rejection on purpose.
  "@typescript-eslint/no-empty-function": ["error", { allow: ["arrowFunctions"] }],
  // meta-view's Stop carries a fault out of a deep walk to its own catch: a plain object, no stack to capture.
  "@typescript-eslint/only-throw-error": [
    "error",
    { allow: [{ from: "file", name: "Stop", path: "src/validation/json-schema/meta-view.ts" }] },
  ],
  // A switch over a closed union names every member: a new member (an offence code, a binding kind) fails the lint
  // where it is not handled, instead of falling into a default.
  "@typescript-eslint/switch-exhaustiveness-check": [
    "error",
    { considerDefaultExhaustiveForUnions: false, allowDefaultCaseForExhaustiveSwitch: false, requireDefaultForNonUnion: false },
  ],
  // The SDK's low-level Server is what this library binds to (its deprecation steers apps to McpServer); a 2025 session's
  // client capabilities live on it (the per-request envelope carries them on 2026-07-28).
  "@typescript-eslint/no-deprecated": [
    "error",
    {
      allow: [
        { from: "package", package: "@modelcontextprotocol/server", name: "Server" },
        { from: "package", package: "@modelcontextprotocol/server", name: "getClientCapabilities" },
      ],
    },
  ],
};

export default defineConfig(
  {
    ignores: ["**/node_modules/", "**/dist/", "coverage/", "test/fixtures/", "test/.tmp/"],
  },
  js.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  // The library: src/ (runtime) and plugin/ (build time).
  {
    files: ["src/**/*.ts", "plugin/**/*.ts", "plugin/**/*.cts"],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: { parserOptions: { projectService: true } },
    rules: library,
  },
  // Code that reads the syntax tree switches over `node.type`, a union of some 180 node types: the cases name the
  // types it handles and `default` stands for every other node.
  {
    files: ["plugin/evaluator/**/*.ts", "plugin/check/**/*.ts"],
    rules: {
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true, allowDefaultCaseForExhaustiveSwitch: false, requireDefaultForNonUnion: false },
      ],
    },
  },
  // CommonJS entries (tsserver loads its plugins with require).
  {
    files: ["**/*.cts", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Tests and examples: covered by the root tsconfig (examples/tasks by its own).
  {
    files: ["test/**/*.ts", "examples/**/*.ts"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true } },
    rules: conventions,
  },
  // Tests read parsed JSON answers (`any`) and assert on them: a wrong read fails its assertion.
  {
    files: ["test/**/*.ts"],
    rules: {
      ...noUnsafeOff,
      // Hostile-input tests build arrays with holes on purpose.
      "no-sparse-arrays": "off",
    },
  },
  // Files no tsconfig covers: untyped.
  {
    files: ["*.ts"],
    extends: [tseslint.configs.recommended],
    rules: conventions,
  },
);
