/**
 * How a ranked answer explains itself: the word patterns of a query ({@link termPatterns}), the
 * `reason` of a recommended tool ({@link toolReason}) and the one-sentence summary of a
 * recommendation or a server search ({@link summarize}).
 *
 * @module
 */
import type { Signal } from "./ranking.ts";
import type { CatalogTool } from "../model/tool.ts";

/**
 * Word patterns for explaining matches: each query word (at least 3 letters) with a regex that
 * matches its light stem at a word start (`transcription` → `\btranscript`).
 *
 * @param terms quoted FTS terms from `queryTerms`
 * @returns the word as the user wrote it and its pattern
 */
export function termPatterns(terms: string[]): { word: string; re: RegExp }[] {
  return terms.map((t) => t.replace(/"/g, "")).filter((w) => w.length >= 3).map((word) => {
    const stem = word.replace(/(ing|ion|ions|s|es|ed)$/, "");
    return { word, re: new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i") };
  });
}

/** Where a query term was found in a tool, for the recommendation's `reason`. */
function _evidence(tool: CatalogTool, terms: string[]): string[] {
  const found: string[] = [];
  for (const { word, re } of termPatterns(terms)) {
    const has = (text: string) => re.test(text);
    if (has(tool.name)) found.push(`its name matches "${word}"`);
    else if (tool.keyFeatures.some(has)) found.push(`feature "${tool.keyFeatures.find(has)}"`);
    else if (tool.categories.some(has) || tool.tags.some(has)) {
      found.push(`category "${[...tool.categories, ...tool.tags].find(has)}"`);
    } else if (has(tool.description)) {
      const sentence = tool.description.split(/(?<=[.!?])\s+/).find(has) ?? tool.description;
      found.push(`description: "${sentence.slice(0, 120)}"`);
    }
  }
  return [...new Set(found)].slice(0, 3);
}

/**
 * A `reason` for one ranked tool: what in the tool matched the query's words (name, feature,
 * category, description phrase), or, when only the meaning matched, the similarity and the
 * description's first sentence.
 *
 * @param tool the tool
 * @param terms the query's terms
 * @param signal its ranking signals
 * @returns one sentence
 */
export function toolReason(tool: CatalogTool, terms: string[], signal: Signal | undefined): string {
  const evidence = _evidence(tool, terms);
  if (evidence.length > 0) return `${tool.category} tool; ${evidence.join("; ")}.`;
  const first = tool.description.split(/(?<=[.!?])\s+/)[0] ?? tool.description;
  const sim = signal?.similarity;
  return `${tool.category} tool close in meaning to the task${
    sim !== undefined ? ` (similarity ${sim.toFixed(2)})` : ""
  }: "${first.slice(0, 140)}".`;
}
/**
 * The one-sentence summary of a recommendation or server search.
 *
 * @param query the user's words
 * @param items ranked items with names and confidence
 * @param total number of matches
 * @param noun `tools` or `servers`
 * @param topEvidence evidence score of the first item
 * @returns the sentence
 */
export function summarize(
  query: string,
  items: { name: string; confidence: string }[],
  total: number,
  noun: string,
  topEvidence: number,
): string {
  const names = items.map((r) => r.name);
  if (items.length === 0) {
    return `No ${noun} in the catalog match "${query}"; try other words or a broader description.`;
  }
  if (items.every((r) => r.confidence === "low") || topEvidence < 0.3) {
    return `Only weak matches for "${query}": ${
      names.slice(0, 3).join(", ")
    } may be related, but the evidence is thin.`;
  }
  const strong = items.filter((r) => r.confidence === "high").length;
  return `For "${query}", ${names[0]} fits best${
    names.length > 1 ? `, followed by ${names.slice(1, 3).join(" and ")}` : ""
  } (${strong} of ${items.length} with high confidence; ${total} ${noun} matched).`;
}
