import assert from "node:assert/strict";
import {
  applyToolCategories,
  canonicalCategory,
  TOOL_CATEGORIES,
  withToolCategories,
} from "../../src/ingest/tool_categories.ts";
import { SourceReport } from "../../src/ingest/report.ts";
import { TOOL_ADAPTERS } from "../../src/ingest/sources/mod.ts";
import { loadTaxonomy, type Placement } from "../../src/model/taxonomy.ts";
import {
  categoryKey,
  OTHER_CATEGORY,
  ToolCategories,
  ToolCategoryFile,
} from "../../src/model/tool_category.ts";
import { slugify } from "../../src/model/text.ts";
import { tool } from "../fixtures/catalog.ts";
import { SOURCES_DIR } from "../_helpers.ts";

const FILE = ToolCategoryFile.parse(
  JSON.parse(await Deno.readTextFile(new URL("../../data/tool_categories.json", import.meta.url))),
);
const taxonomy = await loadTaxonomy();

/** A placement in one leaf, as the classifier stores it. */
function placed(leafId: string): Placement {
  const path = taxonomy.byId.get(leafId)!.path;
  return {
    primary: {
      facetId: path[0]!,
      subcategoryId: path[1]!,
      leafId,
      method: "keywords",
      score: 1,
    },
    secondary: [],
  };
}

Deno.test("data/tool_categories.json covers every category label the real AI-tool sources produce", async () => {
  const labels = new Map<string, number>();
  for (const adapter of TOOL_ADAPTERS) {
    const records = await adapter.read(SOURCES_DIR, new SourceReport(adapter.info.id));
    for (const r of records) {
      for (const label of r.categories ?? []) {
        labels.set(label.trim().toLowerCase(), (labels.get(label.trim().toLowerCase()) ?? 0) + 1);
      }
    }
  }
  assert.ok(labels.size > 200, `${labels.size} labels read`);
  const missing = [...labels.keys()].filter((l) => canonicalCategory(l) === undefined);
  assert.deepEqual(missing, [], "labels without a canonical category");
  // Each label is written out as an alias (not only matched through a name's key).
  const aliases = new Set(FILE.categories.flatMap((c) => c.aliases.map(categoryKey)));
  assert.deepEqual([...labels.keys()].filter((l) => !aliases.has(categoryKey(l))), []);
});

Deno.test("no two canonical categories differ only by number, case, punctuation or a generic word", () => {
  // "Image Generators", "image-generator", "AI Image Generator Tool" and "Image App" all reduce
  // to "image"; "Meeting Assistants" to "meeting"; "Chat Bot" and "AI Chatbots" to "chatbot".
  const GENERIC = new Set([
    "ai",
    "tool",
    "app",
    "generator",
    "generation",
    "assistant",
    "builder",
    "maker",
    "creator",
    "software",
    "platform",
  ]);
  const singular = (w: string) => w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w;
  const reduce = (name: string) =>
    name.toLowerCase().replace(/&/g, " ").split(/[^a-z0-9]+/).filter((w) => w !== "")
      .map(singular).filter((w) => !GENERIC.has(w)).join("");
  const seen = new Map<string, string>();
  for (const { name } of FILE.categories) {
    const key = reduce(name);
    assert.ok(key !== "", `"${name}" is only generic words`);
    assert.equal(seen.get(key), undefined, `"${name}" and "${seen.get(key)}" are near-duplicates`);
    seen.set(key, name);
  }
  assert.equal(reduce("AI Image Generators"), reduce("image"));
  assert.equal(reduce("Meeting Assistants"), reduce("Meeting"));
  assert.equal(reduce("Chat Bot"), reduce("AI Chatbots"));
});

Deno.test("canonical category names are singular Title Case, a few dozen of them", () => {
  // Words that end in "s" and are singular.
  const SINGULAR_S = new Set(["sales", "analysis", "wellness", "business", "nsfw"]);
  const SMALL = new Set(["to", "and", "&", "of", "for"]);
  assert.ok(FILE.categories.length >= 30 && FILE.categories.length <= 90);
  for (const { name } of FILE.categories) {
    for (const word of name.split(" ")) {
      if (SMALL.has(word)) continue;
      assert.match(word, /^[A-Z0-9]/, `"${name}": "${word}" is not capitalized`);
      for (const part of word.toLowerCase().split(/[^a-z0-9]+/)) {
        assert.ok(!/[^s]s$/.test(part) || SINGULAR_S.has(part), `"${name}" is plural`);
      }
    }
  }
});

Deno.test("every leaf of data/tool_categories.json exists and every taxonomy leaf falls back to one category", () => {
  assert.equal(taxonomy.leaves.length, 233);
  assert.deepEqual(TOOL_CATEGORIES.problems(taxonomy), []);
  for (const c of FILE.categories) {
    if (c.name === OTHER_CATEGORY) assert.equal(c.leaf, null);
    else assert.equal(taxonomy.byId.get(c.leaf!)?.level, "leaf", c.name);
  }
  // Tools placed only by a leaf are never called adult: that takes a source's adult label.
  assert.equal(TOOL_CATEGORIES.forLeaf("ai-companions"), "Chatbot");
  assert.equal(TOOL_CATEGORIES.forLeaf("meeting-assistants"), "Meeting Assistant");
});

Deno.test("canonicalCategory() resolves a source label, a canonical name or its slug", () => {
  for (const label of ["Image Generator", "Image Generators", "image", "Images", "art"]) {
    assert.equal(canonicalCategory(label), "Image Generation", label);
  }
  for (const label of ["Meeting", "Meeting Assistant", "meeting assistants"]) {
    assert.equal(canonicalCategory(label), "Meeting Assistant", label);
  }
  assert.equal(canonicalCategory("Text-to-Speech"), "Text to Speech");
  assert.equal(canonicalCategory("sql-and-database"), "SQL & Database");
  assert.equal(
    canonicalCategory(slugify("Architecture & Interior Design")),
    "Architecture & Interior Design",
  );
  assert.equal(canonicalCategory("Text"), OTHER_CATEGORY);
  assert.equal(canonicalCategory("Quantum Knitting"), undefined);
  assert.equal(canonicalCategory(""), undefined);
});

Deno.test("ToolCategories rejects a label that names two categories, or a set without Other", () => {
  const other = { name: "Other", leaf: null, aliases: [], fallbackLeaves: [] };
  const a = { name: "Image Generation", leaf: "image-generation", fallbackLeaves: [] };
  assert.throws(
    () =>
      new ToolCategories({
        version: 1,
        categories: [
          { ...a, aliases: ["images"] },
          { name: "Image Editing", leaf: "image-editing", aliases: ["Images"], fallbackLeaves: [] },
          other,
        ],
      }),
    RangeError,
  );
  assert.throws(
    () => new ToolCategories({ version: 1, categories: [{ ...a, aliases: [] }] }),
    /"Other" is missing/,
  );
  assert.throws(
    () =>
      new ToolCategories({
        version: 1,
        categories: [{ ...a, aliases: [], leaf: null }, other],
      }),
    /has no leaf/,
  );
  assert.equal(ToolCategoryFile.safeParse({ version: 1, categories: [a] }).success, false);
});

Deno.test("applyToolCategories() takes the first label that names a category, keeping the words as tags", () => {
  const input = [
    tool({
      slug: "pix",
      name: "Pix",
      category: "Text",
      categories: ["Text", "Image Generators", "Art", "Photo & Image Editing"],
      tags: ["art", "stable diffusion"],
      provenance: { category: "mahseema-awesome-ai-tools" },
    }),
    tool({ slug: "notes", name: "Notes", category: "Other", categories: [], tags: [] }),
    tool({
      slug: "resourceful",
      name: "Resourceful",
      category: "Resources",
      categories: ["Resources"],
      tags: [],
      taxonomy: placed("meeting-assistants"),
    }),
    tool({
      slug: "odd",
      name: "Odd",
      category: "Quantum Knitting",
      categories: ["Quantum Knitting"],
    }),
  ];
  const frozen = structuredClone(input);
  const { tools, stats } = applyToolCategories(input);
  assert.deepEqual(input, frozen, "the merged tools are not changed");

  const [pix, notes, resourceful, odd] = tools;
  // "Text" is vague: the next label decides; each canonical category once.
  assert.equal(pix!.category, "Image Generation");
  assert.deepEqual(pix!.categories, ["Image Generation", "Image Editing"]);
  assert.deepEqual(pix!.tags, [
    "art",
    "stable diffusion",
    "Text",
    "Image Generators",
    "Photo & Image Editing",
  ]);
  assert.equal(pix!.provenance["category"], "mahseema-awesome-ai-tools");
  // No label, no leaf: Other.
  assert.equal(notes!.category, OTHER_CATEGORY);
  assert.deepEqual(notes!.categories, []);
  // Only a vague label: the leaf decides, and says so.
  assert.equal(resourceful!.category, "Meeting Assistant");
  assert.deepEqual(resourceful!.categories, ["Meeting Assistant"]);
  assert.equal(resourceful!.provenance["category"], "taxonomy");
  assert.deepEqual(resourceful!.tags, ["Resources"]);
  // An unknown label is counted, kept as a tag and treated as vague.
  assert.equal(odd!.category, OTHER_CATEGORY);
  assert.deepEqual(odd!.tags, ["Quantum Knitting"]);

  assert.deepEqual(stats, {
    sourceLabels: 6,
    before: 4,
    canonical: 3,
    unmapped: 1,
    unmappedLabels: ["quantum knitting"],
    tools: { fromLabel: 1, fromLeaf: 1, other: 2 },
  });
});

Deno.test("withToolCategories() puts its counts in the tools' merge statistics", async () => {
  const stats: Record<string, unknown> = { input: 2, output: 2 };
  const tools = await withToolCategories(
    [
      tool({ slug: "a", name: "A", category: "Meeting", categories: ["Meeting"] }),
      tool({
        slug: "b",
        name: "B",
        category: "Meeting Assistants",
        categories: ["Meeting Assistants"],
      }),
    ],
    stats,
    taxonomy,
  );
  assert.deepEqual(tools.map((t) => t.category), ["Meeting Assistant", "Meeting Assistant"]);
  assert.deepEqual(stats["categories"], {
    sourceLabels: 2,
    before: 2,
    canonical: 1,
    unmapped: 0,
    unmappedLabels: [],
    tools: { fromLabel: 2, fromLeaf: 0, other: 0 },
  });
});
