/**
 * Gives every merged AI tool a canonical category (`data/tool_categories.json`, see
 * `src/model/tool_category.ts`) instead of the sources' own labels, which name one category in
 * many ways ("Image Generator", "Image Generators", "Image", "Art"; 241 labels).
 *
 * The rule, per tool, over its labels in the merge's priority order (`category` first, then
 * `categories`):
 * - `category` is the canonical category of the first label that names one (a label of
 *   {@link OTHER_CATEGORY}, such as "Text" or "Resources", names none); when no label does, the
 *   category of the tool's primary taxonomy leaf (its `fallbackLeaves`; provenance `taxonomy`);
 *   else {@link OTHER_CATEGORY};
 * - `categories` is the canonical categories of all its labels, `category` first, each once;
 * - the sources' own words stay as `tags` (added after the tool's tags, each once, ignoring case),
 *   so a search for "image generators" still finds them.
 *
 * It runs on the catalog as it is written, after classification: the classifier and the
 * embeddings read the sources' labels, and the fallback needs the leaf. It returns new tool
 * objects and leaves the merged ones as they are, so a staged build classifies its second stage
 * on the same labels as the first.
 *
 * @module
 */
import TOOL_CATEGORIES_JSON from "../../data/tool_categories.json" with { type: "json" };
import {
  categoryKey,
  OTHER_CATEGORY,
  ToolCategories,
  ToolCategoryFile,
} from "../model/tool_category.ts";
import { loadTaxonomy, type Taxonomy } from "../model/taxonomy.ts";
import type { CatalogTool } from "../model/tool.ts";

/** The canonical category set of `data/tool_categories.json`, parsed and indexed. */
export const TOOL_CATEGORIES: ToolCategories = new ToolCategories(
  ToolCategoryFile.parse(TOOL_CATEGORIES_JSON),
);

/**
 * The canonical category of one source label, category name or slug.
 *
 * @param label e.g. `"Image Generators"`, `"image-generation"`
 * @param set the category set (default {@link TOOL_CATEGORIES})
 * @returns e.g. `"Image Generation"`; {@link OTHER_CATEGORY} for a vague label; `undefined` for a
 *   label the set does not know
 * @example
 * ```ts
 * canonicalCategory("Meeting Assistants"); // "Meeting Assistant"
 * ```
 */
export function canonicalCategory(
  label: string,
  set: ToolCategories = TOOL_CATEGORIES,
): string | undefined {
  return set.canonical(label);
}

/** What {@link applyToolCategories} did, stored in the ingest report (`merge.tools.categories`). */
export interface ToolCategoryStats {
  /** Distinct source labels of the tools (by {@link categoryKey}). */
  sourceLabels: number;
  /** Distinct main categories before: the sources' labels as the merge chose them ("Other" too). */
  before: number;
  /** Distinct canonical main categories after. */
  canonical: number;
  /** Distinct source labels the set does not know (kept as tags, treated as vague). */
  unmapped: number;
  /** Up to 20 of the unknown labels, most tools first. */
  unmappedLabels: string[];
  /** Tools whose category came from a label, from their taxonomy leaf, or neither (Other). */
  tools: { fromLabel: number; fromLeaf: number; other: number };
}

/**
 * Replaces each tool's source labels by canonical categories (see the module doc for the rule).
 *
 * @param tools merged and classified tools (not changed)
 * @param set the category set (default {@link TOOL_CATEGORIES})
 * @returns new tool objects in the same order, and the counts
 * @example
 * ```ts
 * const { tools, stats } = applyToolCategories(merged.tools);
 * ```
 */
export function applyToolCategories(
  tools: readonly CatalogTool[],
  set: ToolCategories = TOOL_CATEGORIES,
): { tools: CatalogTool[]; stats: ToolCategoryStats } {
  const labelKeys = new Set<string>();
  const before = new Set<string>();
  const after = new Set<string>();
  const unknown = new Map<string, number>();
  const counts = { fromLabel: 0, fromLeaf: 0, other: 0 };
  const out = tools.map((tool) => {
    const labels = _labels(tool);
    before.add(categoryKey(tool.category));
    const canonical: string[] = [];
    for (const label of labels) {
      labelKeys.add(categoryKey(label));
      const name = set.canonical(label);
      if (name === undefined) {
        const key = label.toLowerCase();
        unknown.set(key, (unknown.get(key) ?? 0) + 1);
      } else if (name !== OTHER_CATEGORY && !canonical.includes(name)) canonical.push(name);
    }
    const provenance = { ...tool.provenance };
    let category = canonical[0];
    if (category !== undefined) counts.fromLabel++;
    else {
      const leaf = tool.taxonomy?.primary.leafId;
      category = leaf === undefined ? undefined : set.forLeaf(leaf);
      if (category !== undefined) {
        counts.fromLeaf++;
        provenance["category"] = "taxonomy";
        canonical.push(category);
      } else {
        counts.other++;
        category = OTHER_CATEGORY;
      }
    }
    after.add(category);
    const tags = [...tool.tags];
    const seen = new Set(tags.map((t) => t.toLowerCase()));
    for (const label of labels) {
      if (!seen.has(label.toLowerCase())) {
        seen.add(label.toLowerCase());
        tags.push(label);
      }
    }
    return { ...tool, category, categories: canonical, tags, provenance };
  });
  const unmappedLabels = [...unknown].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 20).map(([label]) => label);
  return {
    tools: out,
    stats: {
      sourceLabels: labelKeys.size,
      before: before.size,
      canonical: after.size,
      unmapped: unknown.size,
      unmappedLabels,
      tools: counts,
    },
  };
}

/**
 * The tools as the catalog stores them: {@link applyToolCategories} after checking the category
 * set against the taxonomy, with its counts put in the merge report of the tools.
 *
 * @param tools merged and classified tools (not changed)
 * @param stats the tools' merge statistics (`report.merge.tools`); gets `categories`
 * @param taxonomy the taxonomy (default: `data/taxonomy.json`)
 * @returns new tool objects with canonical categories
 * @throws {RangeError} when a leaf id of `data/tool_categories.json` is not a leaf of the
 *   taxonomy, or a leaf of the taxonomy falls back to no category
 */
export async function withToolCategories(
  tools: readonly CatalogTool[],
  stats: { [extra: string]: unknown },
  taxonomy?: Taxonomy,
): Promise<CatalogTool[]> {
  const problems = TOOL_CATEGORIES.problems(taxonomy ?? await loadTaxonomy());
  if (problems.length > 0) {
    throw new RangeError(`Cannot use data/tool_categories.json: ${problems.join("; ")}`);
  }
  const result = applyToolCategories(tools);
  stats["categories"] = result.stats;
  return result.tools;
}

/** A tool's labels in priority order: its main label, then the others, each once. */
function _labels(tool: CatalogTool): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  // A tool without labels has the merge's placeholder category "Other" and no categories.
  const main = tool.categories.length > 0 ? [tool.category] : [];
  for (const label of [...main, ...tool.categories]) {
    const key = label.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(label);
    }
  }
  return out;
}
