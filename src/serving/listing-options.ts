/**
 * Reading `createRouter`'s `listingOverrides`: a plain object mapping tool
 * names to listing modes, every bad entry an offence of the router's one
 * `ToolRegistrationError`.
 */
import { describeType, isPlainObject, isUnreadable, ownKeys, read } from "../util/inspect.js";
import { isListingMode, LISTING_MODES, type ListingMode } from "./listing-mode.js";

/**
 * The overrides as a map; an absent value reads as none.
 *
 * @example
 * ```ts
 * readListingOverrides({ notes: "strict" }, refuse); // Map { "notes" => "strict" }
 * ```
 */
export function readListingOverrides(
  value: unknown,
  refuse: (field: string, problem: string, fix: string) => void,
): ReadonlyMap<string, ListingMode> {
  const overrides = new Map<string, ListingMode>();
  if (value === undefined) return overrides;
  const modes = LISTING_MODES.map((mode) => JSON.stringify(mode)).join(", ");
  if (!isPlainObject(value)) {
    refuse(
      "listingOverrides",
      `listingOverrides is ${describeType(value)}`,
      `write an object mapping tool names to one of ${modes}, or leave it out.`,
    );
    return overrides;
  }
  const keys = ownKeys(value);
  if (isUnreadable(keys)) {
    refuse("listingOverrides", "its keys cannot be read", "write a plain object.");
    return overrides;
  }
  for (const name of keys.strings) {
    const mode = read(value, name);
    if (isListingMode(mode)) overrides.set(name, mode);
    else
      refuse(
        `listingOverrides[${JSON.stringify(name)}]`,
        `the listing mode of ${JSON.stringify(name)} is ${describeType(mode)}`,
        `write one of ${modes}.`,
      );
  }
  return overrides;
}
