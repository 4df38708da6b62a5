/**
 * The canonical categories of AI tools, authored in `data/tool_categories.json`: a few dozen
 * singular Title Case names ("Image Generation", "Meeting Assistant"), each with its taxonomy
 * leaf, the source category labels it stands for (its aliases: "image generators", "art",
 * "text to image" ...) and the taxonomy leaves whose tools take it when no label of theirs names
 * a category (`fallbackLeaves`; every leaf of the taxonomy belongs to exactly one category).
 *
 * Labels are matched by {@link categoryKey} (case, spacing, punctuation and `&`/`and` ignored), so
 * a category's name, its slug (`sql-and-database`) and any alias resolve to it. The aliases of
 * {@link OTHER_CATEGORY} are labels too vague to decide a category ("Text", "Resources").
 *
 * @module
 */
import { z } from "zod";
import type { Taxonomy } from "./taxonomy.ts";
import { matchKey } from "./text.ts";

/** The category of a tool that no label and no leaf places; its aliases are vague labels. */
export const OTHER_CATEGORY = "Other";

/** One canonical category of `data/tool_categories.json`. */
export const ToolCategoryEntry = z.object({
  /** Singular Title Case display name, e.g. `"Image Generation"`. */
  name: z.string().trim().min(1).max(60),
  /** Its taxonomy leaf id; `null` only for {@link OTHER_CATEGORY}. */
  leaf: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).nullable(),
  /** Source category labels it stands for, lowercase, e.g. `"image generators"`. */
  aliases: z.array(z.string().min(1).regex(/^[^A-Z]+$/, "aliases are lowercase")),
  /** Taxonomy leaves whose tools take this category when none of their labels names one. */
  fallbackLeaves: z.array(z.string().min(1)),
});
/** See {@link ToolCategoryEntry}. */
export type ToolCategoryEntry = z.infer<typeof ToolCategoryEntry>;

/** The file `data/tool_categories.json`. */
export const ToolCategoryFile = z.object({
  version: z.literal(1),
  description: z.string().exactOptional(),
  categories: z.array(ToolCategoryEntry).min(1),
});
/** See {@link ToolCategoryFile}. */
export type ToolCategoryFile = z.infer<typeof ToolCategoryFile>;

/**
 * The key category labels are compared by: {@link matchKey} after `&` is read as "and", so
 * "SQL & Database", "sql and database" and the slug `sql-and-database` are one key.
 *
 * @param value a category name, slug or source label
 * @returns lowercase letters and digits only, possibly `""`
 * @example
 * ```ts
 * categoryKey("Text-to-Speech"); // "texttospeech"
 * categoryKey("SQL & Database") === categoryKey("sql-and-database"); // true
 * ```
 */
export function categoryKey(value: string): string {
  return matchKey(value.replace(/&/g, " and "));
}

/**
 * The canonical category set with its lookups: label or name → category, leaf → category.
 *
 * @example
 * ```ts
 * const set = new ToolCategories(ToolCategoryFile.parse(json));
 * set.canonical("Image Generators"); // "Image Generation"
 * set.canonical("no such label"); // undefined
 * ```
 */
export class ToolCategories {
  /** The categories in file order. */
  readonly entries: readonly ToolCategoryEntry[];
  readonly #byKey = new Map<string, ToolCategoryEntry>();
  readonly #byLeaf = new Map<string, ToolCategoryEntry>();

  /**
   * Indexes a parsed category file.
   *
   * @param file the parsed `data/tool_categories.json`
   * @throws {RangeError} when two categories share a name, alias or fallback leaf (by
   *   {@link categoryKey} for names and aliases), when {@link OTHER_CATEGORY} is missing, or when
   *   a category other than it has no leaf
   */
  constructor(file: ToolCategoryFile) {
    this.entries = file.categories;
    for (const entry of file.categories) {
      if (entry.leaf === null && entry.name !== OTHER_CATEGORY) {
        throw new RangeError(`Cannot index tool categories: "${entry.name}" has no leaf`);
      }
      for (const label of [entry.name, ...entry.aliases]) {
        const key = categoryKey(label);
        const taken = this.#byKey.get(key);
        if (taken !== undefined && taken !== entry) {
          throw new RangeError(
            `Cannot index tool categories: "${label}" names both "${taken.name}" and "${entry.name}"`,
          );
        }
        if (key !== "") this.#byKey.set(key, entry);
      }
      for (const leaf of entry.fallbackLeaves) {
        const taken = this.#byLeaf.get(leaf);
        if (taken !== undefined) {
          throw new RangeError(
            `Cannot index tool categories: leaf "${leaf}" falls back to both "${taken.name}" and "${entry.name}"`,
          );
        }
        this.#byLeaf.set(leaf, entry);
      }
    }
    if (this.#byKey.get(categoryKey(OTHER_CATEGORY))?.name !== OTHER_CATEGORY) {
      throw new RangeError(`Cannot index tool categories: "${OTHER_CATEGORY}" is missing`);
    }
  }

  /**
   * The canonical category a label, category name or slug stands for.
   *
   * @param value a source label ("Image Generators"), a canonical name or its slug
   * @returns the canonical name (possibly {@link OTHER_CATEGORY} for a vague label), or
   *   `undefined` when the value is none of them
   */
  canonical(value: string): string | undefined {
    return this.#byKey.get(categoryKey(value))?.name;
  }

  /**
   * The category of a tool placed in a taxonomy leaf, for tools whose labels name none.
   *
   * @param leafId a taxonomy leaf id, e.g. `"meeting-assistants"`
   * @returns the canonical name, or `undefined` for a leaf no category lists
   */
  forLeaf(leafId: string): string | undefined {
    return this.#byLeaf.get(leafId)?.name;
  }

  /**
   * The category entry of a canonical name (exact name, slug or any alias).
   *
   * @param value a canonical name, slug or alias
   * @returns the entry with its leaf and aliases, or `undefined`
   */
  entry(value: string): ToolCategoryEntry | undefined {
    return this.#byKey.get(categoryKey(value));
  }

  /**
   * What is wrong with the set against a taxonomy: leaf and fallback ids that are not leaves of
   * it, and leaves no category falls back to.
   *
   * @param taxonomy the loaded taxonomy (`data/taxonomy.json`)
   * @returns one message per problem, empty when the set fits the taxonomy
   */
  problems(taxonomy: Taxonomy): string[] {
    const isLeaf = (id: string) => taxonomy.byId.get(id)?.level === "leaf";
    const out: string[] = [];
    for (const e of this.entries) {
      if (e.leaf !== null && !isLeaf(e.leaf)) out.push(`"${e.name}": unknown leaf "${e.leaf}"`);
      for (const id of e.fallbackLeaves) {
        if (!isLeaf(id)) out.push(`"${e.name}": unknown fallback leaf "${id}"`);
      }
    }
    for (const leaf of taxonomy.leaves) {
      if (!this.#byLeaf.has(leaf.id)) out.push(`leaf "${leaf.id}" falls back to no category`);
    }
    return out;
  }
}
