import assert from "node:assert/strict";
import { groupProjects } from "../../src/ingest/identity.ts";
import { server } from "../fixtures/catalog.ts";
import type { CatalogServer } from "../../src/model/server.ts";

/** `name → canonicalName` of every variant after grouping. */
function variantsOf(servers: CatalogServer[]): Record<string, string> {
  const stats = groupProjects(servers);
  const out: Record<string, string> = {};
  for (const s of servers) if (s.canonicalName !== undefined) out[s.name] = s.canonicalName;
  assert.equal(stats.variants, Object.keys(out).length);
  return out;
}

const repo = (owner: string, name: string, extra: Partial<CatalogServer> = {}) =>
  server({
    name: `github.com/${owner}/${name}`,
    title: name,
    repositoryUrl: `https://github.com/${owner}/${name}`,
    ...extra,
  });

Deno.test("two entries with one official registry name are one project", () => {
  const a = repo("supabase-community", "supabase-mcp", {
    name: "com.supabase/mcp",
    officialNames: ["com.supabase/mcp"],
    vendorOfficial: true,
    sources: [{ source: "official-server-json", sourceId: "a" }, {
      source: "glama",
      sourceId: "b",
    }],
  });
  const b = repo("supabase", "mcp", {
    name: "com.supabase/mcp~2",
    officialNames: ["com.supabase/mcp"],
  });
  assert.deepEqual(variantsOf([a, b]), { "com.supabase/mcp~2": "com.supabase/mcp" });
  assert.equal(a.variants![0]!.reason, "same official registry name com.supabase/mcp");
  assert.deepEqual(a.variants![0]!.sources, ["glama"]);
  assert.equal(b.variantReason, "same official registry name com.supabase/mcp");
});

Deno.test("a reference server moved to servers-archived is one project, the reference canonical", () => {
  const ref = repo("modelcontextprotocol", "servers", {
    name: "github.com/modelcontextprotocol/servers/src/postgres",
    subfolder: "src/postgres",
    reference: true,
  });
  const archived = repo("modelcontextprotocol", "servers-archived", {
    name: "github.com/modelcontextprotocol/servers-archived/src/postgres",
    subfolder: "src/postgres",
    reference: true,
  });
  // Smithery's own deployment of the reference server, listed without a repository.
  const smithery = server({
    name: "smithery/smithery-ai-postgres",
    title: "PostgreSQL MCP Server",
    hints: ["github.com/smithery-ai/postgres"],
    sources: [{ source: "smithery", sourceId: "@smithery-ai/postgres" }],
  });
  assert.deepEqual(variantsOf([archived, smithery, ref]), {
    "github.com/modelcontextprotocol/servers-archived/src/postgres": ref.name,
    "smithery/smithery-ai-postgres": ref.name,
  });
  assert.match(smithery.variantReason!, /Smithery deployment @smithery-ai\/postgres/);
});

Deno.test("mirrors, bare-repository listings and renamed repositories join their project", () => {
  const upstream = repo("syucream", "holaspirit-mcp-server");
  const mirror = repo("mcp-mirror", "syucream_holaspirit-mcp-server");
  const folder = repo("stripe", "agent-toolkit", {
    name: "github.com/stripe/agent-toolkit/modelcontextprotocol",
    subfolder: "modelcontextprotocol",
  });
  const bare = repo("stripe", "agent-toolkit");
  const older = repo("elastic", "mcp-server-elasticsearch");
  const newer = repo("elastic", "elasticsearch-mcp-server");
  const variants = variantsOf([upstream, mirror, folder, bare, older, newer]);
  assert.equal(variants[mirror.name], upstream.name);
  assert.ok(variants[bare.name] === folder.name || variants[folder.name] === bare.name);
  assert.equal(Object.keys(variants).length, 3);
  assert.ok(
    variants[older.name] === newer.name || variants[newer.name] === older.name,
    "one of the two elastic repositories is the other's variant",
  );
  assert.match(mirror.variantReason!, /mirror of github.com\/syucream\/holaspirit-mcp-server/);
});

Deno.test("one vendor's repository under two of its accounts is one project, its only folder included", () => {
  const perplexity = [{
    kind: "repository_owner" as const,
    detail: "repository owner is the vendor's account",
    product: "perplexity",
  }];
  const entries = (extraFolder: boolean) => [
    // Another vendor's repository of the same name, listed first.
    repo("modelcontextprotocol", "modelcontextprotocol", {
      vendorOfficial: true,
      vendorEvidence: [{
        kind: "repository_owner",
        detail: "the protocol's own account",
        product: "mcp",
      }],
    }),
    repo("ppl-ai", "modelcontextprotocol", {
      name: "github.com/ppl-ai/modelcontextprotocol/perplexity-ask",
      subfolder: "perplexity-ask",
      vendorOfficial: true,
      vendorEvidence: perplexity,
    }),
    repo("perplexityai", "modelcontextprotocol", {
      vendorOfficial: true,
      vendorEvidence: perplexity,
    }),
    ...(extraFolder
      ? [repo("ppl-ai", "modelcontextprotocol", {
        name: "github.com/ppl-ai/modelcontextprotocol/perplexity-search",
        subfolder: "perplexity-search",
        vendorOfficial: true,
        vendorEvidence: perplexity,
      })]
      : []),
  ];
  const linked = variantsOf(entries(false));
  assert.equal(Object.keys(linked).length, 1);
  assert.ok(
    [
      "github.com/ppl-ai/modelcontextprotocol/perplexity-ask",
      "github.com/perplexityai/modelcontextprotocol",
    ]
      .includes(Object.values(linked)[0]!),
  );
  // A folder of a repository that holds other servers is one of several projects: it stays apart.
  assert.deepEqual(variantsOf(entries(true)), {});
});

Deno.test("listings without a repository join the one repository of their owner and name", () => {
  const up = repo("neo4j-contrib", "mcp-neo4j-memory");
  const smithery = server({
    name: "smithery/neo4j-contrib-mcp-neo4j-memory",
    title: "Neo4j Graph Memory",
    hints: ["github.com/neo4j-contrib/mcp-neo4j-memory"],
  });
  const everWorks = server({
    name: "ever-works/github",
    title: "GitHub",
    hints: ["github.com/github"],
  });
  const gh = repo("github", "github-mcp-server", {
    name: "io.github.github/github-mcp-server",
    vendorOfficial: true,
  });
  const registry = server({
    name: "io.github.acme/weather-tool",
    title: "weather-tool",
    officialNames: ["io.github.acme/weather-tool"],
  });
  const acme = repo("acme", "weather-tool-mcp");
  // Two spellings of one Smithery owner, neither with a repository in the catalog.
  const a = server({
    name: "smithery/dev-assistant-ai-github",
    title: "GitHub",
    hints: ["github.com/dev-assistant-ai/github"],
  });
  const b = server({
    name: "smithery/devassistantai-github",
    title: "GitHub",
    hints: ["github.com/devassistantai/github"],
  });
  const variants = variantsOf([up, smithery, everWorks, gh, registry, acme, a, b]);
  assert.equal(variants[smithery.name], up.name);
  assert.equal(variants[everWorks.name], gh.name);
  assert.equal(variants[registry.name], acme.name);
  assert.ok(variants[a.name] === b.name || variants[b.name] === a.name);
  assert.equal(Object.keys(variants).length, 4);
});

Deno.test("a listing that could be either of two projects joins neither", () => {
  // The account publishes two unrelated servers; the listing names the account, not one of them.
  const one = repo("acme", "weather-api");
  const two = repo("acme", "maps");
  const listing = server({
    name: "ever-works/acme",
    title: "Acme Tools",
    hints: ["github.com/acme"],
  });
  assert.deepEqual(variantsOf([one, two, listing]), {});
  // With one server only, the listing is that server's.
  assert.deepEqual(variantsOf([one, listing]), { "ever-works/acme": one.name });
});

Deno.test("the canonical entry is the vendor's, then the verified registry entry, then the repository", () => {
  const vendor = repo("figma", "mcp", {
    name: "com.figma.mcp/mcp",
    officialNames: ["x/a"],
    vendorOfficial: true,
  });
  const relisting = server({ name: "smithery/figma-mcp", title: "Figma", officialNames: ["x/a"] });
  variantsOf([relisting, vendor]);
  assert.equal(relisting.canonicalName, vendor.name);
  assert.equal(vendor.canonicalName, undefined);
  assert.equal(vendor.variants!.length, 1);
});

Deno.test("a fork stays an entry of its own, linked to its upstream", () => {
  const description = "Give your coding agent access to Figma layout data for one-shot designs";
  const upstream = repo("glips", "figma-context-mcp", { description, stars: 15_000 });
  const fork = repo("felixanhalt", "figma-context-mcp", { description: `${description}.` });
  const stated = repo("someone", "better-fetch", {
    description: "A fork of glips/figma-context-mcp with caching",
  });
  const stats = groupProjects([upstream, fork, stated]);
  assert.equal(stats.variants, 0);
  assert.equal(stats.forks, 2);
  assert.equal(fork.forkOf, upstream.name);
  assert.equal(stated.forkOf, upstream.name);
  assert.equal(upstream.forkOf, undefined);
});

Deno.test("grouping twice gives the same result", () => {
  const make = () => [
    repo("mcp-mirror", "a_b"),
    repo("a", "b"),
    repo("c", "d", { officialNames: ["io.github.c/d"] }),
    repo("e", "d", { officialNames: ["io.github.c/d"] }),
  ];
  const once = make();
  groupProjects(once);
  const twice = make();
  groupProjects(twice);
  groupProjects(twice);
  assert.deepEqual(twice, once);
});
