import assert from "node:assert/strict";
import {
  applyPackageEvidence,
  nonServerSign,
  npmRepository,
  npxCannotPick,
  packageEvidence,
  probeRequiredInputs,
  republishedCopy,
  republisherScopes,
} from "../../src/ingest/package_evidence.ts";
import type { PackageCheck } from "../../src/model/package_check.ts";
import type { CatalogServer, ProbeSummary } from "../../src/model/server.ts";
import { server } from "../fixtures/catalog.ts";

/** A registry check of a found npm package. */
function found(identifier: string, over: Partial<PackageCheck> = {}): PackageCheck {
  return {
    key: `npm:${identifier.toLowerCase()}`,
    identifier,
    checkedAt: "2026-11-29T05:00:00Z",
    status: "found",
    latest: "1.0.0",
    bin: ["x"],
    repositoryUrl: null,
    directory: null,
    deprecated: null,
    mcpName: null,
    detail: null,
    ...over,
  };
}

const repoServer = server({
  name: "github.com/acme/tool-mcp",
  title: "Tool",
  repositoryUrl: "https://github.com/acme/tool-mcp",
});

Deno.test("npm's repository field, in any of its spellings, names a repository", () => {
  assert.equal(
    npmRepository("git+https://github.com/Acme/Tool-MCP.git"),
    "https://github.com/acme/tool-mcp",
  );
  assert.equal(npmRepository("github:acme/tool-mcp"), "https://github.com/acme/tool-mcp");
  assert.equal(npmRepository("acme/tool-mcp"), "https://github.com/acme/tool-mcp");
  assert.equal(npmRepository(null), null);
});

Deno.test("a package is checked only with evidence that it belongs, else unverified with why", () => {
  const pkg = { registryType: "npm", identifier: "tool-mcp", source: "glama" };
  const tied = packageEvidence(
    repoServer,
    pkg,
    found("tool-mcp", { repositoryUrl: "git+https://github.com/acme/tool-mcp.git" }),
  );
  assert.equal(tied.level, "checked");
  assert.match(tied.reasons[0]!, /npm's repository field names the server's repository/);
  // A catalog's slug taken as an npm name: someone else's package.
  const other = packageEvidence(
    repoServer,
    pkg,
    found("tool-mcp", { repositoryUrl: "https://github.com/someone/else" }),
  );
  assert.equal(other.level, "unverified");
  assert.match(
    other.reasons[0]!,
    /only glama lists it, and npm says its repository is github\.com\/someone\/else/,
  );
  const missing = packageEvidence(repoServer, pkg, { ...found("tool-mcp"), status: "missing" });
  assert.match(missing.reasons[0]!, /the npm registry here has no such package/);
  // The official registry record vouches for its own packages.
  const official = packageEvidence(
    repoServer,
    { ...pkg, source: "official-server-json" },
    undefined,
  );
  assert.equal(official.level, "checked");
  const mcpName = packageEvidence(
    { ...repoServer, officialNames: ["io.github.acme/tool"] },
    pkg,
    found("tool-mcp", { mcpName: "io.github.acme/tool" }),
  );
  assert.match(mcpName.reasons[0]!, /mcpName/);
});

Deno.test("npm packages without an executable are refused; npm's repository brings one back", () => {
  const s: CatalogServer = {
    ...repoServer,
    hosting: "local",
    packages: [{ registryType: "npm", identifier: "@acme/sdk-utils", source: "toolsdk" }],
    refusedPackages: [{
      source: "glama",
      package: { registryType: "npm", identifier: "renamed-thing" },
      reason: "renamed-thing does not match the repository",
    }],
  };
  const checks = new Map([
    ["npm:@acme/sdk-utils", found("@acme/sdk-utils", { bin: [] })],
    [
      "npm:renamed-thing",
      found("renamed-thing", { repositoryUrl: "https://github.com/acme/tool-mcp" }),
    ],
  ]);
  const stats = applyPackageEvidence([s], checks);
  assert.deepEqual(s.packages.map((p) => p.identifier), ["renamed-thing"]);
  assert.equal(s.packages[0]!.evidence!.level, "checked");
  assert.match(s.refusedPackages![0]!.reason, /no executable/);
  assert.deepEqual([stats.refusedNoBin, stats.rescued], [1, 1]);
});

Deno.test("a probe's message naming a variable becomes a required setting", () => {
  const probe: ProbeSummary = {
    target: "npm:asana-mcp",
    registryType: "npm",
    identifier: "asana-mcp",
    version: "1.0.0",
    probedAt: "2026-11-27T00:00:00Z",
    launched: false,
    errorClass: "needs_secret",
    detail: "Please set ASANA_ACCESS_TOKEN environment variable",
    toolCount: 0,
    serverInfo: null,
  };
  const added = probeRequiredInputs({ registryType: "npm", identifier: "asana-mcp" }, probe);
  assert.deepEqual(added.map((i) => [i.name, i.isRequired]), [["ASANA_ACCESS_TOKEN", true]]);
  const choice = probeRequiredInputs({ registryType: "npm", identifier: "b" }, {
    ...probe,
    detail: "Either BITBUCKET_TOKEN or BITBUCKET_PASSWORD must be set",
  });
  assert.deepEqual(choice.map((i) => i.isRequired), [false, false]);
  // A variable the package already declares is not repeated.
  const declared = probeRequiredInputs(
    {
      registryType: "npm",
      identifier: "asana-mcp",
      environmentVariables: [{ name: "ASANA_ACCESS_TOKEN" }],
    },
    probe,
  );
  assert.deepEqual(declared, []);
});

/** A server of a GitHub repository. */
function repo(ownerRepo: string, over: Partial<CatalogServer> = {}): CatalogServer {
  return server({
    name: `github.com/${ownerRepo}`,
    title: ownerRepo,
    repositoryUrl: `https://github.com/${ownerRepo}`,
    hosting: "local",
    ...over,
  });
}

Deno.test("a copy under another scope is unverified though npm's repository field names the server's", () => {
  const linear = repo("ibraheem4/linear-mcp");
  const tiedTo = (id: string, over: Partial<PackageCheck> = {}) =>
    found(id, { repositoryUrl: "https://github.com/ibraheem4/linear-mcp", ...over });
  // The copy runs the original's executable, named with the original's scope.
  const copy = packageEvidence(
    linear,
    { registryType: "npm", identifier: "@mseep/linear-mcp", source: "glama" },
    tiedTo("@mseep/linear-mcp", { bin: ["@ibraheem4/linear-mcp", "linear-mcp"] }),
  );
  assert.equal(copy.level, "unverified");
  assert.match(copy.reasons[0]!, /a copy republished under another scope/);
  assert.match(copy.reasons[0]!, /@ibraheem4\/linear-mcp/);
  // The author's own scope, with the same metadata, is checked.
  const own = packageEvidence(
    linear,
    { registryType: "npm", identifier: "@ibraheem4/linear-mcp", source: "glama" },
    tiedTo("@ibraheem4/linear-mcp", { bin: ["linear-mcp"] }),
  );
  assert.equal(own.level, "checked");
  // A scope under the author's npm name, unlike the GitHub name, with no sign of copying stays
  // checked (`@llmindset/mcp-hfspace` for `evalstate/mcp-hfspace`).
  const author = packageEvidence(
    repo("evalstate/mcp-hfspace"),
    { registryType: "npm", identifier: "@llmindset/mcp-hfspace" },
    found("@llmindset/mcp-hfspace", { repositoryUrl: "https://github.com/evalstate/mcp-hfspace" }),
  );
  assert.equal(author.level, "checked");
  // A name carrying the owner is a copy, and a copied mcpName is no evidence either.
  const xcode = repo("cameroncooke/xcodebuildmcp", { officialNames: ["com.xcodebuildmcp/x"] });
  const iflow = { registryType: "npm", identifier: "@iflow-mcp/cameroncooke_xcodebuildmcp" };
  assert.match(republishedCopy(xcode, iflow, undefined, new Set())!, /owner cameroncooke/);
  assert.equal(
    packageEvidence(
      xcode,
      iflow,
      found(iflow.identifier, {
        mcpName: "com.xcodebuildmcp/x",
        repositoryUrl: "https://github.com/cameroncooke/xcodebuildmcp",
      }),
    ).level,
    "unverified",
  );
});

Deno.test("a scope holding copies of three other owners' repositories is a republisher", () => {
  const servers = ["a1/one-mcp", "b2/two-mcp", "c3/three-mcp"].map((r) =>
    repo(r, { packages: [{ registryType: "npm", identifier: `@copies/${r.split("/")[1]}` }] })
  );
  // The author's own scopes do not count, however many.
  servers.push(repo("acme/tool-mcp", {
    packages: [{ registryType: "npm", identifier: "@acme/tool-mcp" }],
  }));
  const scopes = republisherScopes(servers);
  assert.deepEqual([...scopes], ["copies"]);
  const ev = packageEvidence(
    repo("d4/four-mcp"),
    { registryType: "npm", identifier: "@copies/four-mcp" },
    found("@copies/four-mcp", { repositoryUrl: "https://github.com/d4/four-mcp" }),
    scopes,
  );
  assert.equal(ev.level, "unverified");
  assert.match(ev.reasons[0]!, /@copies republishes packages of at least 3 other owners/);
});

Deno.test("a client, adapter, SDK or eval tool needs more than npm's repository field", () => {
  const tied = (ownerRepo: string, id: string, description = "") =>
    packageEvidence(
      repo(ownerRepo, { description }),
      { registryType: "npm", identifier: id, source: "glama" },
      found(id, { repositoryUrl: `https://github.com/${ownerRepo}` }),
    );
  for (
    const [ownerRepo, id, word] of [
      ["huggingface/huggingface.js", "@huggingface/mcp-client", /an MCP client/],
      ["nicobailon/pi-mcp-adapter", "pi-mcp-adapter", /an adapter/],
      ["mclenhard/mcp-evals", "mcp-evals", /an evaluation tool/],
    ] as const
  ) {
    const ev = tied(ownerRepo, id);
    assert.equal(ev.level, "unverified", id);
    assert.match(ev.reasons[0]!, word);
    assert.match(ev.reasons[0]!, /not a server to run/);
  }
  // The description's opening counts too; a server that merely mentions clients does not.
  const mcpvals = tied(
    "x/mcpvals",
    "mcpvals",
    "Evaluation library for Model Context Protocol servers",
  );
  assert.equal(mcpvals.level, "unverified");
  assert.match(mcpvals.reasons[0]!, /calling it an evaluation tool/);
  assert.equal(
    nonServerSign(
      { description: "A TypeScript framework for building MCP servers" },
      { registryType: "npm", identifier: "fastmcp" },
    ) !== null,
    true,
  );
  assert.equal(
    nonServerSign(
      { description: "Provides Jira tools to MCP clients such as Claude" },
      { registryType: "npm", identifier: "jira-mcp" },
    ),
    null,
  );
  assert.equal(tied("acme/jira-mcp", "jira-mcp", "Jira tools for MCP clients").level, "checked");
  // A title ending in framework, SDK or library says so too (the sample's mcp-use), and so does a
  // description opening "Full-stack … framework"; a server whose title names a client it wraps
  // does not.
  assert.match(
    nonServerSign(
      { title: "mcp-use Framework", description: "Full-stack Model Context Protocol framework" },
      { registryType: "npm", identifier: "mcp-use" },
    )!,
    /title \(mcp-use Framework\) says it is a framework/,
  );
  assert.notEqual(
    nonServerSign(
      { description: "Full-stack MCP framework for apps" },
      { registryType: "npm", identifier: "mcp-use" },
    ),
    null,
  );
  assert.equal(
    nonServerSign(
      { title: "Redis Client", description: "Query Redis from your assistant" },
      { registryType: "npm", identifier: "redis-mcp" },
    ),
    null,
  );
  // Stronger evidence shows it serves MCP whatever its name: npm's mcpName, the official record.
  const named = packageEvidence(
    repo("acme/mcp-client-bridge", { officialNames: ["io.github.acme/bridge"] }),
    { registryType: "npm", identifier: "mcp-client-bridge" },
    found("mcp-client-bridge", { mcpName: "io.github.acme/bridge" }),
  );
  assert.equal(named.level, "checked");
});

Deno.test("npx cannot pick among executables that run different files, none named after the package", () => {
  const check = (identifier: string, bin: Record<string, string>) =>
    found(identifier, { bin: Object.keys(bin), binFiles: Object.values(bin) });
  assert.match(
    npxCannotPick(
      check("bitbucket-mcp-server", { "bitbucket-mcp": "./build/index.js", bb: "./build/cli.js" }),
    )!,
    /cannot tell which of its executables to run \(bitbucket-mcp, bb\)/,
  );
  // Aliases of one file: npx runs the first.
  assert.equal(
    npxCannotPick(
      check("@x/contentful-mcp-server", {
        "mcp-server-contentful": "./bin/mcp-server.js",
        "contentful-mcp": "./bin/mcp-server.js",
      }),
    ),
    null,
  );
  // One named after the package (a scoped name counts by its last part, as npm links it).
  assert.equal(
    npxCannotPick(
      check("@inkeep/agents-manage-mcp", { "@inkeep/agents-manage-mcp": "a.js", mcp: "b.js" }),
    ),
    null,
  );
  // A check from before bin files were stored is taken as runnable.
  assert.equal(npxCannotPick(found("two", { bin: ["a", "b"] })), null);

  const s = repo("acme/bitbucket-mcp-server", {
    packages: [{ registryType: "npm", identifier: "bitbucket-mcp-server", source: "glama" }],
  });
  const stats = applyPackageEvidence(
    [s],
    new Map([[
      "npm:bitbucket-mcp-server",
      check("bitbucket-mcp-server", { "bitbucket-mcp": "./build/index.js", bb: "./build/cli.js" }),
    ]]),
  );
  assert.deepEqual(s.packages, []);
  assert.match(s.refusedPackages![0]!.reason, /npx cannot tell which/);
  assert.equal(stats.refusedNoPick, 1);
});
