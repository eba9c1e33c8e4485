/**
 * The `action-schema` rule: every offence of a file's tool declarations at
 * its exact range, the offence line (`location: problem. Fix: …`) as the
 * message. The same check as every build route (`../check/check.ts`): the
 * rule hands it the text ESLint lints (an editor's unsaved buffer
 * included) and turns its offsets — UTF-16 offsets into that same text —
 * into ESLint's locations. It reads only the text and the file name, so it
 * runs under any parser: this plugin's, espree, typescript-eslint's.
 */
import type { Rule } from "eslint";
import { offenceLine, toolLabel } from "../../src/internal.js";
import { checkSource } from "../check/check.js";
import { displayPath } from "../check/report.js";
import { diskHost } from "../evaluator/modules.js";
import { isMissingPeer } from "../evaluator/parser.js";

/**
 * The rule object.
 *
 * @example
 * ```js
 * export default [{ plugins: { wymcp }, rules: { "wymcp/action-schema": "error" } }];
 * ```
 */
export const actionSchemaRule: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: {
      description: "Reports every malformed action schema of a defineTool(...) declaration, with the fix",
      url: "https://github.com/wymcp/wymcp/blob/main/docs/typescript.md#the-eslint-plugin",
    },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        const { sourceCode } = context;
        const fileName = context.physicalFilename;
        let check;
        try {
          check = checkSource(fileName, sourceCode.text, diskHost());
        } catch (error) {
          if (!isMissingPeer(error)) throw error;
          context.report({ loc: { line: 1, column: 0 }, message: error.message });
          return;
        }
        for (const { declaration, offences } of check.declarations) {
          for (const located of offences) {
            const message = `${offenceLine(located.offence)} (${toolLabel(declaration.name)})`;
            if (located.fileName === fileName) {
              const { start, end } = located.node;
              context.report({ loc: { start: sourceCode.getLocFromIndex(start), end: sourceCode.getLocFromIndex(end) }, message });
              continue;
            }
            // An imported constant's offence: shown at the declaration, pointing at where it sits.
            const call = declaration.call;
            context.report({
              loc: { start: sourceCode.getLocFromIndex(call.start), end: sourceCode.getLocFromIndex(call.start) },
              message: `${displayPath(located.fileName, context.cwd)}:${located.line}:${located.column}: ${message}`,
            });
          }
        }
      },
    };
  },
};
