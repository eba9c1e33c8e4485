/**
 * The evaluation budget of one file: characters of the strings it builds,
 * entries of the arrays and objects it creates, the size of every value it
 * uses by name, and evaluation steps. Source text is bounded, what
 * evaluating it builds is not (`const b = a + a;` doubles at every line, and
 * so does `[...a, ...a]`), nor what it shares (`const b = [a, a];` builds
 * one array, yet whatever walks `b` walks `a` twice). Past the budget every
 * value is unknown, and the file is reported as not fully checked.
 */

/** The limits of one file's evaluation. */
export interface BudgetLimits {
  /** Characters of all strings built by `+` and templates, added up. */
  readonly characters: number;
  /** Entries of all arrays and objects created, added up. */
  readonly entries: number;
  /** Values and string characters of every value used by name, added up at each use (`sizes.ts`): what validation walks. */
  readonly uses: number;
  /** Expressions evaluated. */
  readonly steps: number;
}

/** The default limits: far above any hand-written tool file, far below what stalls a build. */
export const DEFAULT_BUDGET: BudgetLimits = { characters: 2 ** 22, entries: 2 ** 18, uses: 2 ** 20, steps: 2 ** 20 };

const SPENT: Readonly<Record<keyof BudgetLimits, string>> = {
  characters: "characters of strings built",
  entries: "array and object entries",
  uses: "values and characters used by name, a shared value counted at every use",
  steps: "evaluation steps",
};

/**
 * What is left of a file's budget.
 *
 * @example
 * ```ts
 * const overrun = budget.overrun("characters", text.length);
 * if (overrun !== undefined) return new Unknown(node, overrun);
 * ```
 */
export class Budget {
  private readonly left: { characters: number; entries: number; uses: number; steps: number };
  /** Why the budget ran out; `undefined` while it lasts. */
  reason: string | undefined;

  constructor(readonly limits: BudgetLimits = DEFAULT_BUDGET) {
    this.left = { ...limits };
  }

  /** Spends `amount` of one resource: `undefined` while the budget lasts, then (from then on always) why it ran out. */
  overrun(resource: keyof BudgetLimits, amount: number): string | undefined {
    if (this.reason !== undefined) return this.reason;
    this.left[resource] -= amount;
    if (this.left[resource] >= 0) return undefined;
    const spent = SPENT[resource];
    this.reason = `the evaluation budget of the file (${this.limits[resource]} ${spent}) is spent`;
    return this.reason;
  }
}
