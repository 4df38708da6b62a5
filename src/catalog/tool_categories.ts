/**
 * The canonical AI tool categories on the serving side (`data/tool_categories.json`, see
 * `src/model/tool_category.ts`): the `category` filter of a tool search accepts a canonical
 * name, its slug or any alias (a source's old label such as "Image Generators"), and
 * `/categories` lists each category's aliases.
 *
 * @module
 */
import TOOL_CATEGORIES_JSON from "../../data/tool_categories.json" with { type: "json" };
import { ToolCategories, ToolCategoryFile } from "../model/tool_category.ts";
import { matchKey } from "../model/text.ts";

/** The canonical category set, parsed and indexed once. */
const _SET = new ToolCategories(ToolCategoryFile.parse(TOOL_CATEGORIES_JSON));

/**
 * The `category_key` values (see `matchKey`) a tool search by `category` matches: the value's
 * own key, and the key of the canonical category it names when it is a canonical name, slug or
 * alias. The catalog stores canonical categories only, so an alias finds its canonical
 * category's tools; a catalog built before canonical categories still matches by the value
 * itself. An unknown value matches its own key only (no tool, as before).
 *
 * @param value the `category` parameter, e.g. `"Image Generators"` or `"image-generation"`
 * @returns one or two distinct keys
 * @example
 * ```ts
 * categoryFilterKeys("Image Generators"); // ["imagegenerators", "imagegeneration"]
 * ```
 */
export function categoryFilterKeys(value: string): string[] {
  const keys = [matchKey(value)];
  const canonical = _SET.canonical(value);
  if (canonical !== undefined && !keys.includes(matchKey(canonical))) {
    keys.push(matchKey(canonical));
  }
  return keys;
}

/**
 * The canonical category a name, slug or alias stands for.
 *
 * @param value e.g. `"meeting assistants"`
 * @returns e.g. `"Meeting Assistant"`, or `undefined` when it names none
 */
export function canonicalToolCategory(value: string): string | undefined {
  return _SET.canonical(value);
}

/**
 * The old source labels a canonical category stands for.
 *
 * @param name a canonical category name (as stored on tools)
 * @returns its aliases, lowercase, sorted; empty for a name that is not canonical
 */
export function toolCategoryAliases(name: string): string[] {
  const entry = _SET.entry(name);
  return entry === undefined || entry.name !== name ? [] : [...entry.aliases];
}
