/**
 * Shape checks for the hand-authored taxonomy in `data/taxonomy.json`.
 *
 * @module
 */

import assert from "node:assert/strict";

interface TaxonomyNode {
  id: string;
  name: string;
  description: string;
  keywords?: string[];
  children?: TaxonomyNode[];
}

interface Taxonomy {
  version: number;
  facets: TaxonomyNode[];
}

const taxonomy: Taxonomy = JSON.parse(
  await Deno.readTextFile(new URL("../data/taxonomy.json", import.meta.url)),
);

const facets = taxonomy.facets;
const subcategories = facets.flatMap((facet) => facet.children ?? []);
const leaves = subcategories.flatMap((subcategory) => subcategory.children ?? []);
const allNodes = [...facets, ...subcategories, ...leaves];

const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

Deno.test("taxonomy is version 1", () => {
  assert.equal(taxonomy.version, 1);
});

Deno.test("taxonomy has exactly 9 facets, 64 subcategories and 233 leaves", () => {
  assert.equal(facets.length, 9);
  assert.equal(subcategories.length, 64);
  assert.equal(leaves.length, 233);
});

Deno.test("facet ids are single lowercase words and include build", () => {
  for (const facet of facets) {
    assert.match(facet.id, /^[a-z]+$/, `facet id "${facet.id}" is not a single word`);
  }
  assert.ok(facets.some((facet) => facet.id === "build"), "no facet has id build");
});

Deno.test("every facet has subcategories and every subcategory has 2 to 6 leaves", () => {
  for (const facet of facets) {
    assert.ok((facet.children ?? []).length > 0, `facet ${facet.id} has no subcategories`);
  }
  for (const subcategory of subcategories) {
    const count = (subcategory.children ?? []).length;
    assert.ok(count >= 2 && count <= 6, `${subcategory.id} has ${count} leaves`);
  }
});

Deno.test("leaves have no children and only leaves have keywords", () => {
  for (const leaf of leaves) {
    assert.equal(leaf.children, undefined, `leaf ${leaf.id} has children`);
  }
  for (const node of [...facets, ...subcategories]) {
    assert.equal(node.keywords, undefined, `${node.id} is not a leaf but has keywords`);
  }
});

Deno.test("all ids are kebab-case and unique across the whole tree", () => {
  const seen = new Set<string>();
  for (const node of allNodes) {
    assert.match(node.id, KEBAB_CASE, `id "${node.id}" is not kebab-case`);
    assert.ok(!seen.has(node.id), `id "${node.id}" is used more than once`);
    seen.add(node.id);
  }
  assert.equal(seen.size, 9 + 64 + 233);
});

Deno.test("every node has a non-empty name and a one-sentence description", () => {
  for (const node of allNodes) {
    assert.ok(node.name.trim().length > 0, `${node.id} has an empty name`);
    const description = node.description.trim();
    assert.equal(description, node.description, `${node.id} description has stray whitespace`);
    assert.ok(description.length > 0, `${node.id} has an empty description`);
    assert.ok(description.endsWith("."), `${node.id} description does not end with a period`);
    // A sentence break is terminal punctuation followed by whitespace before the final period.
    assert.ok(
      !/[.!?]\s/.test(description.slice(0, -1)),
      `${node.id} description has more than one sentence: ${description}`,
    );
  }
});

Deno.test("every leaf has 5 to 15 lowercase keywords without duplicates", () => {
  for (const leaf of leaves) {
    const keywords = leaf.keywords ?? [];
    assert.ok(keywords.length >= 5, `${leaf.id} has only ${keywords.length} keywords`);
    assert.ok(keywords.length <= 15, `${leaf.id} has ${keywords.length} keywords`);
    assert.equal(new Set(keywords).size, keywords.length, `${leaf.id} repeats a keyword`);
    for (const keyword of keywords) {
      assert.ok(keyword.length > 0, `${leaf.id} has an empty keyword`);
      assert.equal(keyword, keyword.trim(), `${leaf.id} keyword "${keyword}" has stray whitespace`);
      assert.equal(
        keyword,
        keyword.toLowerCase(),
        `${leaf.id} keyword "${keyword}" is not lowercase`,
      );
    }
  }
});

Deno.test("every hand label in data/taxonomy_labels.json names a leaf of the taxonomy", async () => {
  const labels = JSON.parse(
    await Deno.readTextFile(new URL("../data/taxonomy_labels.json", import.meta.url)),
  );
  const leafIds = new Set(leaves.map((leaf) => leaf.id));
  const all = [...Object.entries(labels.tools), ...Object.entries(labels.servers)];
  assert.ok(all.length > 4000, `${all.length} labels`);
  for (const [id, leaf] of all) assert.ok(leafIds.has(leaf as string), `${id}: "${leaf}"`);
});
