import assert from "node:assert/strict";
import {
  applyVendorFlags,
  productWords,
  referenceStatus,
  vendorEvidence,
  VendorRules,
} from "../../src/ingest/vendor.ts";
import { server } from "../fixtures/catalog.ts";

const rules = await VendorRules.load();

const kinds = (s: Parameters<typeof vendorEvidence>[0]) =>
  vendorEvidence(s, rules).map((e) => `${e.kind}:${e.product}`);

Deno.test("a repository owned by the account named after the product is the vendor's", () => {
  const s = server({
    name: "io.github.github/github-mcp-server",
    title: "GitHub",
    officialNames: ["io.github.github/github-mcp-server"],
    repositoryUrl: "https://github.com/github/github-mcp-server",
  });
  assert.deepEqual(kinds(s), ["namespace_owner:github", "repository_owner:github"]);
});

Deno.test("an account named after the product plus an affix is the vendor's (getsentry)", () => {
  const s = server({
    name: "io.github.getsentry/sentry-mcp",
    title: "getsentry/sentry-mcp",
    repositoryUrl: "https://github.com/getsentry/sentry-mcp",
  });
  assert.deepEqual(kinds(s), ["repository_owner:sentry"]);
});

Deno.test("the vendor table names accounts whose name differs from the product", () => {
  const s = server({
    name: "io.github.microsoft/playwright-mcp",
    title: "Playwright",
    officialNames: ["io.github.microsoft/playwright-mcp"],
    repositoryUrl: "https://github.com/microsoft/playwright-mcp",
    packages: [{ registryType: "npm", identifier: "@playwright/mcp" }],
  });
  assert.deepEqual(kinds(s), [
    "namespace_owner:playwright",
    "repository_owner:playwright",
    "package_scope:playwright",
  ]);
});

Deno.test("a personal account publishing a server for someone else's product is no vendor", () => {
  const personal = server({
    name: "io.github.perceptdot/github",
    title: "github",
    officialNames: ["io.github.perceptdot/github"],
    repositoryUrl: "https://github.com/perceptdot/github-mcp",
  });
  assert.deepEqual(kinds(personal), []);
  // `mcp` is not a vendor affix: `postgres-mcp` is anybody's account.
  const affix = server({
    name: "github.com/postgres-mcp/mcp-postgres-server",
    title: "mcp-postgres-server",
    repositoryUrl: "https://github.com/postgres-mcp/mcp-postgres-server",
  });
  assert.deepEqual(kinds(affix), []);
});

Deno.test("a reverse-DNS namespace of the product's domain is the vendor's (DNS-verified)", () => {
  const figma = server({
    name: "com.figma.mcp/mcp",
    title: "Figma MCP Server",
    officialNames: ["com.figma.mcp/mcp"],
  });
  assert.deepEqual(kinds(figma), ["namespace_domain:figma"]);
  // The domain names no product word, but its owner also owns the repository.
  const stripe = server({
    name: "com.stripe/mcp",
    title: "Agent Toolkit",
    officialNames: ["com.stripe/mcp"],
    repositoryUrl: "https://github.com/stripe/agent-toolkit",
  });
  assert.ok(kinds(stripe).includes("namespace_domain:stripe"));
});

Deno.test("a catalog's own namespace and shared hosting prove no vendor", () => {
  const relisting = server({
    name: "ai.smithery/smithery-notion",
    title: "smithery-notion",
    officialNames: ["ai.smithery/smithery-notion"],
    repositoryUrl: "https://github.com/smithery-ai/mcp-servers",
  });
  assert.deepEqual(kinds(relisting), []);
  const pages = server({
    name: "io.github.someone/demo",
    title: "io-github-someone-demo",
    officialNames: ["io.github.someone/demo"],
    remotes: [{ type: "streamable-http", url: "https://someone.github.io/mcp" }],
  });
  assert.deepEqual(kinds(pages), []);
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

Deno.test("applyVendorFlags sets the flags with their evidence and counts them", () => {
  const servers = [
    server({
      name: "github.com/hubspot/mcp-server",
      title: "HubSpot MCP Server",
      repositoryUrl: "https://github.com/hubspot/mcp-server",
    }),
    server({ name: "github.com/someone/hubspot-mcp", title: "HubSpot MCP", vendorOfficial: true }),
  ];
  const stats = applyVendorFlags(servers, rules);
  assert.equal(servers[0]!.vendorOfficial, true);
  assert.match(servers[0]!.vendorEvidence![0]!.detail, /repository owner hubspot/);
  // A vendor flag from a source is not evidence: it is recomputed.
  assert.equal(servers[1]!.vendorOfficial, false);
  assert.equal(servers[1]!.vendorEvidence, undefined);
  assert.deepEqual(stats.byEvidence, { repository_owner: 1 });
  assert.equal(stats.vendorOfficial, 1);
});
