/**
 * What each model provider accepts in a tool listing, as data: the rules
 * the build lint (`lint.ts`) applies with `--target`. Sources: the
 * providers' API references for function/tool declarations, and their own
 * npm helpers (openai's `toStrictJsonSchema`, @anthropic-ai/sdk's
 * `transformJSONSchema`, @google/genai's `parameters` conversion), which
 * `test/listing-providers.slow.test.ts` runs on the listings.
 */
import type { ListingMode } from "../../../src/internal.js";

/** A provider whose rules the lint knows. */
export type ProviderTarget = "openai" | "anthropic" | "gemini";

/** Every target, in the order the CLI documents them. */
export const PROVIDER_TARGETS: readonly ProviderTarget[] = ["openai", "anthropic", "gemini"];

/** One provider's rules. */
export interface ProviderRules {
  /** The provider's name in messages. */
  readonly label: string;
  /** What a function/tool name must match. */
  readonly name: RegExp;
  /** The rule `name` states, in words. */
  readonly nameRule: string;
  /** The longest tool description the provider takes, when it documents one. */
  readonly descriptionLimit?: number;
  /** The listing mode whose schemas this provider reads as written. */
  readonly listing: Exclude<ListingMode, "compact" | "complete">;
  /** The value keywords the provider enforces in its strict schemas (the others are only read as description). */
  readonly enforces: ReadonlySet<string>;
  /** The most tools one request may carry (with the listing mode that limit applies to, when only one). */
  readonly toolLimit?: { readonly count: number; readonly listing?: ListingMode };
}

/**
 * The rules per target. OpenAI and Anthropic share the name pattern of the
 * issue's `^[a-zA-Z0-9_-]{1,64}$`; Gemini allows dots and colons but wants a
 * letter or underscore first.
 */
export const PROVIDER_RULES: Readonly<Record<ProviderTarget, ProviderRules>> = {
  openai: {
    label: "OpenAI",
    name: /^[a-zA-Z0-9_-]{1,64}$/,
    nameRule: "1 to 64 letters, digits, _ or -",
    descriptionLimit: 1024,
    listing: "strict",
    enforces: new Set([
      "pattern",
      "format",
      "multipleOf",
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "minItems",
      "maxItems",
    ]),
    toolLimit: { count: 128 },
  },
  anthropic: {
    label: "Anthropic",
    name: /^[a-zA-Z0-9_-]{1,64}$/,
    nameRule: "1 to 64 letters, digits, _ or -",
    listing: "strict",
    enforces: new Set(["format", "minItems"]),
    toolLimit: { count: 20, listing: "strict" },
  },
  gemini: {
    label: "Gemini",
    name: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    nameRule: "a letter or _ first, then letters, digits, _ . : or -, 64 at most",
    listing: "gemini",
    enforces: new Set(["format", "minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "pattern"]),
  },
};

/**
 * Reads a `--target` list (`"openai,anthropic"`, or an array of names).
 *
 * @example
 * ```ts
 * readTargets("openai,gemini"); // { targets: ["openai", "gemini"] }
 * readTargets("azure"); // { error: 'unknown target "azure": use openai, anthropic or gemini' }
 * ```
 */
export function readTargets(value: string | readonly string[]): { readonly targets: ProviderTarget[] } | { readonly error: string } {
  const names = (typeof value === "string" ? value.split(",") : value).map((name) => name.trim()).filter((name) => name !== "");
  const targets: ProviderTarget[] = [];
  for (const name of names) {
    if (!(PROVIDER_TARGETS as readonly string[]).includes(name))
      return { error: `unknown target ${JSON.stringify(name)}: use openai, anthropic or gemini` };
    if (!targets.includes(name as ProviderTarget)) targets.push(name as ProviderTarget);
  }
  if (targets.length === 0) return { error: "--target needs at least one of openai, anthropic, gemini" };
  return { targets };
}
