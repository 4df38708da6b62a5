import assert from "node:assert/strict";
import {
  applyVendorFlags,
  buildProductIndex,
  classifyPublisher,
  productWords,
  referenceStatus,
  VendorRules,
} from "../../src/ingest/vendor.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { server } from "../fixtures/catalog.ts";

const rules = await VendorRules.load();

/** Servers of other people for a product, so the index knows the product is integrated. */
function community(product: string, n = 3): CatalogServer[] {
  return Array.from({ length: n }, (_, i) =>
    server({
      name: `github.com/person${i}/${product}-mcp`,
      title: `${product}-mcp`,
      repositoryUrl: `https://github.com/person${i}/${product}-mcp`,
    }));
}

/** The verdict for `target` in a catalog of `target` plus `others`. */
function verdict(target: CatalogServer, others: CatalogServer[] = []) {
  const index = buildProductIndex([target, ...others], rules);
  const v = classifyPublisher(target, rules, index);
  return { badge: v.badge, product: v.product, kinds: v.evidence.map((e) => e.kind), note: v.note };
}

Deno.test("the account named after a product others integrate publishes the vendor's server", () => {
  const github = server({
    name: "io.github.github/github-mcp-server",
    title: "GitHub",
    officialNames: ["io.github.github/github-mcp-server"],
    repositoryUrl: "https://github.com/github/github-mcp-server",
  });
  const v = verdict(github, community("github"));
  assert.equal(v.badge, "vendorOfficial");
  assert.equal(v.product, "github");
  assert.ok(v.kinds.includes("repository_owner") && v.kinds.includes("namespace_owner"));
  assert.ok(v.kinds.includes("known_product"));
});

Deno.test("an account named after the product plus an affix is the vendor's (getsentry)", () => {
  const sentry = server({
    name: "github.com/getsentry/sentry-mcp",
    title: "getsentry/sentry-mcp",
    repositoryUrl: "https://github.com/getsentry/sentry-mcp",
  });
  const v = verdict(sentry, community("sentry"));
  assert.equal(v.badge, "vendorOfficial");
  assert.equal(v.product, "sentry");
});

Deno.test("the vendor table ties an account to a product of another name (microsoft → playwright)", () => {
  const playwright = server({
    name: "io.github.microsoft/playwright-mcp",
    title: "Playwright",
    officialNames: ["io.github.microsoft/playwright-mcp"],
    repositoryUrl: "https://github.com/microsoft/playwright-mcp",
    packages: [{ registryType: "npm", identifier: "@playwright/mcp" }],
  });
  const v = verdict(playwright);
  assert.equal(v.badge, "vendorOfficial");
  assert.ok(v.kinds.includes("vendor_table"));
});

Deno.test("a server for a product whose vendor is known elsewhere is not its vendor's", () => {
  // executeautomation/mcp-playwright: the package scope and repository are executeautomation's,
  // the product is Microsoft's.
  const microsoft = server({
    name: "io.github.microsoft/playwright-mcp",
    title: "Playwright",
    repositoryUrl: "https://github.com/microsoft/playwright-mcp",
  });
  const wrapper = server({
    name: "github.com/executeautomation/mcp-playwright",
    title: "Playwright MCP Server",
    repositoryUrl: "https://github.com/executeautomation/mcp-playwright",
    packages: [{ registryType: "npm", identifier: "@executeautomation/playwright-mcp-server" }],
  });
  const v = verdict(wrapper, [microsoft]);
  assert.equal(v.badge, null);
  assert.match(v.note, /integrates playwright, whose vendor is microsoft/);
});

Deno.test("a publisher's handle in a title suffix or a repository name is never the product", () => {
  const suffix = server({
    name: "github.com/adhikasp/mcp-reddit",
    title: "Reddit MCP Server (adhikasp)",
    repositoryUrl: "https://github.com/adhikasp/mcp-reddit",
  });
  assert.deepEqual([...productWords(suffix)], ["reddit"]);
  assert.equal(verdict(suffix, community("reddit")).badge, null);
  const inName = server({
    name: "github.com/akira-papa/akirapapa-mcp-notion-server",
    title: "Akira-Papa/akirapapa-mcp-notion-server",
    repositoryUrl: "https://github.com/akira-papa/akirapapa-mcp-notion-server",
  });
  const notion = server({
    name: "github.com/makenotion/notion-mcp-server",
    title: "Notion",
    repositoryUrl: "https://github.com/makenotion/notion-mcp-server",
  });
  const v = verdict(inName, [notion]);
  assert.equal(v.badge, null);
  assert.match(v.note, /integrates notion/);
});

Deno.test("a personal server named after its author earns no badge without a product", () => {
  const personal = server({
    name: "github.com/duyet/duyet-mcp-server",
    title: "Duyet MCP Server",
    repositoryUrl: "https://github.com/duyet/duyet-mcp-server",
  });
  const v = verdict(personal);
  assert.equal(v.badge, null);
  assert.match(v.note, /nothing shows it is a product or service/);
});

Deno.test("a company's verified domain makes its server for its own service first-party", () => {
  const laddro = server({
    name: "com.laddro/career",
    title: "career",
    officialNames: ["com.laddro/career"],
  });
  const v = verdict(laddro);
  assert.equal(v.badge, "firstParty");
  assert.equal(v.product, "laddro");
  assert.deepEqual(v.kinds, ["namespace_domain"]);
});

Deno.test("a vendor's remote titled only 'mcp' is the vendor's, from its domain", () => {
  const notion = server({
    name: "com.notion/mcp",
    title: "mcp",
    officialNames: ["com.notion/mcp"],
    remotes: [{ type: "streamable-http", url: "https://mcp.notion.com/mcp" }],
  });
  const v = verdict(notion, community("notion"));
  assert.equal(v.badge, "vendorOfficial");
  assert.equal(v.product, "notion");
  assert.ok(v.kinds.includes("namespace_domain") && v.kinds.includes("remote_domain"));
});

Deno.test("gateways' re-listings and lists of servers earn no badge", () => {
  const relisting = server({
    name: "io.github.pipeworx-io/brave-search",
    title: "brave-search",
    officialNames: ["io.github.pipeworx-io/brave-search"],
    repositoryUrl: "https://github.com/pipeworx-io/mcp-brave-search",
  });
  const brave = server({
    name: "github.com/brave/brave-search-mcp-server",
    title: "Brave Search",
    repositoryUrl: "https://github.com/brave/brave-search-mcp-server",
  });
  assert.equal(verdict(relisting, [brave, ...community("brave")]).badge, null);
  const awesome = server({
    name: "github.com/wong2/awesome-mcp-servers",
    title: "Awesome MCP Servers (wong2)",
    repositoryUrl: "https://github.com/wong2/awesome-mcp-servers",
  });
  assert.match(verdict(awesome).note, /generic tool/);
});

Deno.test("an official-list entry vouches only for the product it names (a gateway's entry)", () => {
  // WayStation's registry entries share one repository; the merged entry's names are other
  // vendors' products.
  const gateway = server({
    name: "ai.waystation/airtable",
    title: "airtable",
    officialNames: ["ai.waystation/airtable", "ai.waystation/slack"],
    repositoryUrl: "https://github.com/waystation-ai/mcp",
    sources: [{ source: "mcp-io-official", sourceId: "https://github.com/waystation-ai/mcp" }],
  });
  const airtable = server({
    name: "com.airtable/mcp",
    title: "Airtable",
    officialNames: ["com.airtable/mcp"],
  });
  assert.equal(verdict(gateway, [airtable, ...community("slack")]).badge, null);
});

Deno.test("a word other servers only contain is no established product: first-party", () => {
  // storage.dev's own server: "storage" appears in other names (azure-storage ...) but no other
  // server is for "storage" alone.
  const own = server({
    name: "dev.storage/mcp",
    title: "mcp",
    officialNames: ["dev.storage/mcp"],
  });
  const others = ["azure", "cloud", "blob"].map((w, i) =>
    server({
      name: `github.com/p${i}/${w}-storage`,
      title: `${w}-storage`,
      repositoryUrl: `https://github.com/p${i}/${w}-storage`,
    })
  );
  assert.equal(verdict(own, others).badge, "firstParty");
});

Deno.test("product words leave out generic words and registry-name prefixes of a title", () => {
  assert.deepEqual([...productWords(server({ name: "x", title: "Figma MCP Server" }))], ["figma"]);
  assert.deepEqual([...productWords(server({ name: "x", title: "memory" }))], []);
  const derived = server({
    name: "ci.git/mymlh-mcp-server",
    title: "ci-git-mymlh-mcp-server",
    officialNames: ["ci.git/mymlh-mcp-server"],
  });
  assert.deepEqual([...productWords(derived)], ["mymlh"]);
  // Brands written in camel case stay one word.
  assert.deepEqual([...productWords(server({ name: "x", title: "HubSpot MCP Server" }))], [
    "hubspot",
  ]);
});

Deno.test("reference servers of the monorepo and their archive status", () => {
  const ref = (sub: string, repo = "servers") =>
    referenceStatus(server({
      name: `github.com/modelcontextprotocol/${repo}/src/${sub}`,
      title: sub,
      repositoryUrl: `https://github.com/modelcontextprotocol/${repo}`,
      subfolder: `src/${sub}`,
    }));
  assert.deepEqual(ref("memory"), { reference: true, archived: false });
  assert.deepEqual(ref("github"), { reference: true, archived: true });
  assert.deepEqual(ref("git", "servers-archived"), { reference: true, archived: true });
  assert.deepEqual(
    referenceStatus(server({ name: "x", title: "Old thing", status: "deprecated" })),
    { reference: false, archived: true },
  );
});

Deno.test("applyVendorFlags sets the badges with their evidence and notes, and counts them", () => {
  const servers = [
    server({
      name: "github.com/hubspot/mcp-server",
      title: "HubSpot MCP Server",
      repositoryUrl: "https://github.com/hubspot/mcp-server",
    }),
    server({
      name: "github.com/someone/hubspot-mcp",
      title: "HubSpot MCP",
      repositoryUrl: "https://github.com/someone/hubspot-mcp",
      vendorOfficial: true,
    }),
    server({ name: "com.laddro/career", title: "career", officialNames: ["com.laddro/career"] }),
    ...community("hubspot", 2),
  ];
  const stats = applyVendorFlags(servers, rules);
  assert.equal(servers[0]!.vendorOfficial, true);
  assert.match(servers[0]!.vendorEvidence![0]!.detail, /repository owner hubspot/);
  // A vendor flag from a source is not evidence: it is recomputed.
  assert.equal(servers[1]!.vendorOfficial, false);
  assert.equal(servers[1]!.vendorEvidence, undefined);
  assert.match(servers[1]!.publisherNote!, /integrates hubspot/);
  assert.equal(servers[2]!.firstParty, true);
  assert.equal(servers[2]!.vendorOfficial, false);
  assert.equal(stats.vendorOfficial, 1);
  assert.equal(stats.firstParty, 1);
  assert.equal(stats.byEvidence.repository_owner, 1);
  assert.equal(stats.noBadge.other_vendor_product, 3);
});

Deno.test("a registry entry under someone else's namespace is not the vendor's, whatever its repository", () => {
  // io.github.PremierInc/azure-devops points at Microsoft's repository.
  const relisted = server({
    name: "io.github.PremierInc/azure-devops",
    title: "azure-devops",
    officialNames: ["io.github.PremierInc/azure-devops"],
    repositoryUrl: "https://github.com/microsoft/azure-devops-mcp",
  });
  const v = verdict(relisted, community("azure"));
  assert.equal(v.badge, null);
  assert.match(v.note, /registered in the official registry under io\.github\.premierinc/);
});

Deno.test("a repository only ever-works gives, on a bare listing, ties no publisher", () => {
  const guessed = server({
    name: "github.com/puppeteer/mcp-server-puppeteer",
    title: "Puppeteer",
    repositoryUrl: "https://github.com/puppeteer/mcp-server-puppeteer",
    sources: [{ source: "ever-works", sourceId: "puppeteer" }],
  });
  const v = verdict(guessed, community("puppeteer"));
  assert.equal(v.badge, null);
  assert.match(v.note, /only ever-works gives its repository/);
  // The same repository with a second source is the vendor's.
  const listed = { ...guessed, sources: [...guessed.sources, { source: "glama", sourceId: "p" }] };
  assert.equal(verdict(listed, community("puppeteer")).badge, "vendorOfficial");
});

Deno.test("many servers under one domain, each for another subject, are wrappers, not first-party", () => {
  const subjects = ["bea", "bls", "census", "earthquake", "drought"];
  const farm = subjects.map((w) =>
    server({ name: `com.olyport/${w}`, title: w, officialNames: [`com.olyport/${w}`] })
  );
  const index = buildProductIndex(farm, rules);
  const v = classifyPublisher(farm[0]!, rules, index);
  assert.equal(v.badge, null);
  assert.match(v.note, /one of 5 servers under olyport\.com/);
});

Deno.test("example apps and libraries for building servers are generic tools", () => {
  const example = server({
    name: "tech.skybridge.times-up/Time-s-Up",
    title: "Time-s-Up",
    description: "Time's Up: an example app built with Skybridge",
    officialNames: ["tech.skybridge.times-up/Time-s-Up"],
  });
  assert.match(verdict(example).note, /generic tool \("example"\)/);
  const handler = server({
    name: "github.com/vercel/mcp-handler",
    title: "Vercel MCP Handler",
    description: "Official Vercel adapter for easily spinning up MCP servers on Next.js",
    repositoryUrl: "https://github.com/vercel/mcp-handler",
  });
  assert.match(verdict(handler, community("vercel")).note, /generic tool \("adapter"\)/);
});

Deno.test("mirrors, re-listings and name collisions of MCP projects prove no product", () => {
  const own = server({
    name: "github.com/agentico-dev/mcp-server",
    title: "Agentico MCP Server",
    repositoryUrl: "https://github.com/agentico-dev/mcp-server",
  });
  const copies = [
    server({
      name: "github.com/mcp-mirror/agentico-dev_mcp-server",
      title: "agentico",
      repositoryUrl: "https://github.com/mcp-mirror/agentico-dev_mcp-server",
    }),
    server({ name: "smithery/agentico-mcp-server", title: "agentico" }),
  ];
  assert.equal(verdict(own, copies).badge, null);
  const easy = server({
    name: "github.com/easymcp/easymcp",
    title: "easymcp",
    repositoryUrl: "https://github.com/easymcp/easymcp",
  });
  assert.equal(verdict(easy, community("easymcp")).badge, null);
});

Deno.test("a language-binding repository is an SDK; a workers.dev namespace proves no brand", () => {
  const sdk = server({
    name: "github.com/microsoft/teams.ts",
    title: "Teams MCP",
    repositoryUrl: "https://github.com/microsoft/teams.ts",
  });
  assert.match(verdict(sdk, community("teams")).note, /generic tool \("\.ts"\)/);
  const hosted = server({
    name: "dev.workers.someone.sefaria/sefaria",
    title: "sefaria",
    officialNames: ["dev.workers.someone.sefaria/sefaria"],
  });
  assert.equal(verdict(hosted, community("workers")).badge, null);
});

Deno.test("a curated list of servers by the vendor's account is a list, not the vendor's server", () => {
  const hub = server({
    name: "github.com/azure-samples/mcp",
    title: "Azure MCP Hub",
    description: "A curated list of MCP servers, SDKs and guides for Azure",
    repositoryUrl: "https://github.com/azure-samples/mcp",
  });
  assert.match(verdict(hub, community("azure")).note, /generic tool \("curated"\)/);
});
