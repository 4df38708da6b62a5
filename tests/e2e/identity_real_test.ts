/**
 * The right answer first, on the real catalog: famous names find the vendor's or the reference
 * server, listings of one project show once, the publisher flags carry their evidence, innocent
 * queries show no adult entry, and famous tools carry consistent facts.
 *
 * @module
 */
import assert from "node:assert/strict";
import { createApp } from "../../src/http/app.ts";
import { okJson } from "../_http.ts";
import { realCatalog } from "../_helpers.ts";

const real = await realCatalog();
const app = createApp({ ctx: real.ctx });

const json = (path: string) => okJson(app, path);

type Result = {
  name: string;
  repositoryUrl: string | null;
  vendorOfficial: boolean;
  reference: boolean;
  variantCount: number;
};

Deno.test("a famous server's plain name finds the vendor's or the reference server first", async () => {
  const expected: Record<string, string> = {
    github: "io.github.github/github-mcp-server",
    playwright: "io.github.microsoft/playwright-mcp",
    memory: "github.com/modelcontextprotocol/servers/src/memory",
    figma: "com.figma.mcp/mcp",
    postgres: "github.com/modelcontextprotocol/servers/src/postgres",
  };
  for (const [q, name] of Object.entries(expected)) {
    const { results } = await json(`/api/v1/servers?q=${q}`);
    const first = results[0] as Result;
    assert.equal(first.name, name, q);
    assert.ok(first.vendorOfficial || first.reference, `${q}: vendor or reference`);
  }
});

/** The repository (with folder) and registry names one result stands for. */
async function identityKeys(name: string): Promise<string[]> {
  const d = await json(`/api/v1/servers/${name}`);
  const keys = d.officialNames.map((n: string) => `registry:${n.toLowerCase()}`);
  if (d.repositoryUrl !== null) {
    const repo = d.repositoryUrl.toLowerCase().replace(/^https:\/\//, "");
    keys.push(`repo:${repo}${d.subfolder === null ? "" : `/${d.subfolder.toLowerCase()}`}`);
    // A mirror names its upstream in its repository name (`mcp-mirror/owner_repo`).
    const mirror = /^github\.com\/mcp-mirror\/([^_]+)_(.+)$/.exec(repo);
    if (mirror) keys.push(`repo:github.com/${mirror[1]}/${mirror[2]}`);
  }
  return keys;
}

Deno.test("no two results of a famous name's first page are listings of the same project", async () => {
  for (const q of ["github", "playwright", "memory", "figma", "postgres", "notion", "slack"]) {
    const { results } = await json(`/api/v1/servers?q=${q}&limit=10`);
    const seen = new Map<string, string>();
    for (const r of results as Result[]) {
      for (const key of await identityKeys(r.name)) {
        assert.ok(!seen.has(key), `${q}: ${r.name} and ${seen.get(key)} share ${key}`);
        seen.set(key, r.name);
      }
    }
  }
  // With collapse=false every listing shows, the variants among them.
  const all = await json("/api/v1/servers?q=github&limit=50&collapse=false");
  assert.ok(all.results.some((r: { variantOf: string | null }) => r.variantOf !== null));
  assert.ok(all.total > (await json("/api/v1/servers?q=github&limit=1")).total);
});

Deno.test("publisher flags on real entries of each kind, with their evidence", async () => {
  // The vendor's own server: evidence from the registry namespace and the repository owner.
  const vendor = await json("/api/v1/servers/io.github.microsoft/playwright-mcp");
  assert.equal(vendor.vendorOfficial, true);
  assert.equal(vendor.inOfficialRegistry, true);
  assert.equal(vendor.official, vendor.inOfficialRegistry);
  const kinds = vendor.vendorEvidence.map((e: { kind: string }) => e.kind);
  assert.ok(kinds.includes("namespace_owner") && kinds.includes("repository_owner"), kinds);
  // A reference server: not in the registry, not a vendor's, marked reference.
  const reference = await json(
    "/api/v1/servers/github.com/modelcontextprotocol/servers/src/memory",
  );
  assert.deepEqual(
    [reference.reference, reference.archived, reference.vendorOfficial, reference.official],
    [true, false, false, false],
  );
  const archived = await json("/api/v1/servers/github.com/modelcontextprotocol/servers/src/github");
  assert.deepEqual([archived.reference, archived.archived], [true, true]);
  // A personal io.github.* entry: in the official registry, but no vendor's.
  const personal = await json("/api/v1/servers/io.github.perceptdot/github");
  assert.deepEqual(
    [personal.inOfficialRegistry, personal.official, personal.vendorOfficial],
    [true, true, false],
  );
  assert.deepEqual(personal.vendorEvidence, []);
  // A re-listing: Smithery's deployment of the reference server, a variant of it.
  const relisting = await json("/api/v1/servers/smithery/smithery-ai-github");
  assert.equal(relisting.variantOf, archived.name);
  assert.match(relisting.variantReason, /smithery-ai/);
  assert.ok(
    archived.variants.some((v: { name: string }) => v.name === "smithery/smithery-ai-github"),
  );
  assert.equal(archived.variantCount, archived.variants.length);
});

const INNOCENT = [
  "character chat",
  "companion",
  "meme generator",
  "face swap",
  "ai friend to talk to",
  "photo editor",
  "anime art",
  "avatar generator",
  "chat with characters",
  "roleplay story writing",
  "dating profile",
  "virtual friend",
  "image generator",
  "video generator",
  "voice chat",
  "beauty filter",
  "body measurements",
  "fashion model photos",
  "swimsuit design",
  "remove clothes wrinkles from photo",
];

Deno.test("20 innocent tool queries show no adult tool in the top 10; safe=off brings them back", async () => {
  let backWithSafeOff = 0;
  for (const q of INNOCENT) {
    const path = `/api/v1/tools?q=${encodeURIComponent(q)}&limit=10`;
    const { results } = await json(path);
    for (const r of results as { slug: string }[]) {
      const d = await json(`/api/v1/tools/${r.slug}`);
      assert.equal(d.content.adult, false, `${q}: ${r.slug} (${d.content.reasons.join("; ")})`);
    }
    const off = await json(`${path}&safe=off`);
    for (const r of off.results as { slug: string }[]) {
      if ((await json(`/api/v1/tools/${r.slug}`)).content.adult) {
        backWithSafeOff++;
        break;
      }
    }
  }
  assert.ok(backWithSafeOff >= 3, `${backWithSafeOff} queries show adult tools with safe=off`);
  // Recommendations and alternatives leave adult tools out too.
  const rec = await app.request("/api/v1/tools/recommend", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "face swap in photos", limit: 10 }),
  });
  for (const r of (await rec.json()).recommendations as { slug: string }[]) {
    assert.equal((await json(`/api/v1/tools/${r.slug}`)).content.adult, false, r.slug);
  }
  const alternatives = await json("/api/v1/tools/alternatives?slug=candy&limit=20");
  for (const r of alternatives.alternatives as { slug: string }[]) {
    assert.equal((await json(`/api/v1/tools/${r.slug}`)).content.adult, false, r.slug);
  }
});

Deno.test("famous tools carry consistent pricing, category and description", async () => {
  // The newest explicit statement wins (issue 27): AutoVenture's 2026 records over aitoolhouse's
  // older ones, each kept as dated evidence.
  const midjourney = await json("/api/v1/tools/midjourney");
  assert.ok(
    midjourney.evidence.pricing.some((s: { source: string; value: string; status: string }) =>
      s.source === "aitoolhouse" && s.value === "free_trial" && s.status === "superseded"
    ),
  );
  const jasper = await json("/api/v1/tools/jasper");
  assert.deepEqual([jasper.pricing, jasper.hasFreeTier], ["free_trial", false]);
  assert.equal((await json("/api/v1/tools/synthesia")).hasFreeTier, true);
  const claude = await json("/api/v1/tools/claude-ai");
  assert.equal(claude.pricing, "freemium");
  assert.notEqual(claude.category, "Code");
  assert.doesNotMatch(claude.description, /coding assistant/i);
  assert.equal(claude.provenance.pricing, "autoventure");
});

Deno.test("the ingest report counts grouped listings, flags, pricing fixes and URLs", () => {
  const { identity, publishers, content, merge } = real.report;
  assert.ok(identity.variants > 300 && identity.groups > 250, JSON.stringify(identity));
  assert.ok(identity.byRule.mirror! > 200, "mcp-mirror copies are grouped");
  assert.ok(publishers.vendorOfficial > 300 && publishers.reference >= 20);
  assert.ok(publishers.firstParty > 1000, `first-party: ${publishers.firstParty}`);
  assert.ok(content.tools.adult >= 40, `adult tools: ${content.tools.adult}`);
  assert.ok((merge.tools.pricingChanged as number) > 50);
  assert.ok((merge.tools.urlFromText as number) > 100);
  const share = (merge.tools.withUrl as number) / real.report.totals.tools;
  assert.ok(share > 0.79, `tools with a URL: ${(share * 100).toFixed(1)}%`);
});

Deno.test("vendor badges come from the integrated product, never the publisher's handle", async () => {
  // Wrappers of other vendors' products: no badge, and the page says why.
  const notVendor: Record<string, RegExp> = {
    "github.com/executeautomation/mcp-playwright":
      /integrates playwright, whose vendor is microsoft/,
    // Only ever-works gives these repositories: they tie no publisher at all.
    "github.com/66julienmartin/deepseek-mcp-server": /only ever-works gives its repository/,
    "github.com/adhikasp/mcp-reddit": /integrates reddit/,
    "github.com/mcp774/mcp-server-circleci": /only ever-works gives its repository/,
    "github.com/akira-papa/akirapapa-mcp-notion-server": /integrates notion/,
    "github.com/wong2/awesome-mcp-servers": /generic tool/,
  };
  for (const [name, why] of Object.entries(notVendor)) {
    const s = await json(`/api/v1/servers/${name}`);
    assert.deepEqual([s.vendorOfficial, s.firstParty], [false, false], name);
    assert.match(s.publisherNote, why, name);
  }
  const waystation = await json("/api/v1/servers/ai.waystation/airtable");
  assert.deepEqual([waystation.vendorOfficial, waystation.firstParty], [false, false]);
  // The vendor's own: GitHub, Notion's hosted remote (titled "mcp" by its source), a company's
  // server for its own service.
  const notion = await json("/api/v1/servers/com.notion/mcp");
  assert.equal(notion.vendorOfficial, true);
  assert.equal(notion.title, "Notion MCP server");
  assert.equal(notion.originalTitle, "mcp");
  const laddro = await json("/api/v1/servers/com.laddro/career");
  assert.deepEqual([laddro.vendorOfficial, laddro.firstParty], [false, true]);
  // Every badge has evidence that the product is the publisher's, not just a matching handle.
  const own = new Set([
    "namespace_domain",
    "remote_domain",
    "vendor_table",
    "vendor_list",
    "known_product",
  ]);
  const badged = [];
  for (const q of ["mcp", "api", "search", "database"]) {
    const { results } = await json(`/api/v1/servers?q=${q}&limit=50`);
    badged.push(...results as { name: string; vendorOfficial: boolean; firstParty: boolean }[]);
  }
  assert.ok(badged.some((r) => r.vendorOfficial) && badged.some((r) => r.firstParty));
  for (const r of badged) {
    if (!r.vendorOfficial && !r.firstParty) continue;
    const d = await json(`/api/v1/servers/${r.name}`);
    assert.ok(d.vendorEvidence.some((e: { kind: string }) => own.has(e.kind)), r.name);
  }
});

Deno.test("canonical entries are the vendor's own registry entries, never a gateway's re-listing", async () => {
  const brave = await json("/api/v1/servers/io.github.brave/brave-search-mcp-server");
  assert.equal(brave.variantOf, null);
  assert.ok(brave.officialNames.includes("ai.smithery/brave"), "Smithery's name is kept");
  assert.ok(
    !brave.remotes.some((r: { url: string }) => r.url.includes("smithery.ai")),
    "no gateway endpoint",
  );
  const firecrawl = await json("/api/v1/servers/io.github.firecrawl/firecrawl-mcp-server");
  assert.equal(firecrawl.variantOf, null);
  const older = await json("/api/v1/servers/github.com/mendableai/firecrawl-mcp-server");
  assert.equal(older.variantOf, firecrawl.name);
  // The navigational labels accept Brave's own entry or the (archived) reference server first.
  const { results } = await json("/api/v1/servers?q=brave%20search");
  assert.ok(
    [brave.name, "github.com/modelcontextprotocol/servers/src/brave-search"].includes(
      (results[0] as { name: string }).name,
    ),
  );
});

Deno.test("trust grades: reference and vendor servers at least B, bare listings capped", async () => {
  for (
    const name of [
      "github.com/modelcontextprotocol/servers/src/filesystem",
      "github.com/modelcontextprotocol/servers/src/memory",
      "github.com/hubspot/mcp-server",
      "com.vercel/vercel-mcp",
      "com.notion/mcp",
    ]
  ) {
    const s = await json(`/api/v1/servers/${name}`);
    assert.ok(s.trustScore >= 65, `${name}: ${s.trustGrade} ${s.trustScore}`);
  }
  const fs = await json("/api/v1/servers/github.com/modelcontextprotocol/servers/src/filesystem");
  const license = fs.trust.components.find((c: { id: string }) => c.id === "license");
  assert.match(license.evidence, /OSI-approved/);
  // An archived reference server is no longer kept: below its live siblings.
  const pg = await json("/api/v1/servers/github.com/modelcontextprotocol/servers/src/postgres");
  assert.ok(pg.trustScore < 50, `archived postgres ${pg.trustScore}`);
  // Nothing to install or inspect: at most the cap.
  const bare = real.ctx.store.serverByName("ever-works/make-mcp")!;
  assert.ok(bare.trust!.score <= 20, `bare ${bare.trust!.score}`);
});

Deno.test("gaps are gaps: hosting backed by a package or URL, clean labels, derived titles", () => {
  const { gaps } = real.report;
  assert.ok(gaps.hosting.remote! < 1500 && gaps.hosting.local! < 6000, JSON.stringify(gaps));
  assert.ok(gaps.titlesReplaced > 600, JSON.stringify(gaps));
  const facets = real.ctx.store.serverFacets();
  for (const f of facets.category) {
    assert.doesNotMatch(f.value, /amp;|&[a-z]+;|"|mcp servers$/i, f.value);
  }
  // Facet counts leave out what search leaves out by default (adult, spam): at most the report's.
  const remote = facets.hosting.find((f) => f.value === "remote")!;
  const backed = gaps.hosting.remote! + gaps.hosting.both!;
  assert.ok(
    remote.count <= backed && remote.count >= backed * 0.98,
    `${remote.count} of ${backed}`,
  );
});
