import assert from "node:assert/strict";
import {
  applyPackageEvidence,
  npmRepository,
  packageEvidence,
  probeRequiredInputs,
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
