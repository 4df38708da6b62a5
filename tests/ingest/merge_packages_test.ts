import assert from "node:assert/strict";
import { completePackage, mergePackages, packageBelongs } from "../../src/ingest/merge_packages.ts";
import { packageKey } from "../../src/model/server.ts";

const npm = (identifier: string) => ({ registryType: "npm", identifier });
const pypi = (identifier: string) => ({ registryType: "pypi", identifier });

Deno.test("packageKey() drops versions, tags and docker.io", () => {
  assert.equal(
    packageKey({ registryType: "npm", identifier: "@Scope/Pkg@1.2.3" }),
    "npm:@scope/pkg",
  );
  assert.equal(
    packageKey({ registryType: "pypi", identifier: "mcp-server-git==1.0" }),
    "pypi:mcp-server-git",
  );
  assert.equal(
    packageKey({ registryType: "oci", identifier: "docker.io/mcp/git:latest" }),
    "oci:mcp/git",
  );
  assert.equal(
    packageKey({ registryType: "oci", identifier: "ghcr.io/github/github-mcp-server@sha256:ab12" }),
    "oci:ghcr.io/github/github-mcp-server",
  );
});

Deno.test("packageBelongs() accepts a package named after the repository, its owner's scope or folder", () => {
  const cases: [Parameters<typeof packageBelongs>, boolean][] = [
    [[npm("@upstash/context7-mcp"), "https://github.com/upstash/context7"], true],
    [[npm("@notionhq/notion-mcp-server"), "https://github.com/makenotion/notion-mcp-server"], true],
    [[npm("@playwright/mcp"), "https://github.com/microsoft/playwright-mcp"], true],
    [[npm("firecrawl-mcp"), "https://github.com/firecrawl/firecrawl-mcp-server"], true],
    [
      [pypi("mcp-server-fetch"), "https://github.com/modelcontextprotocol/servers", "src/fetch"],
      true,
    ],
    [[npm("@author/pdf-reader-mcp"), "https://github.com/someorg/pdf-reader-mcp"], true],
    [[pypi("mcp-hn"), "https://github.com/erithwik/mcp-hn"], true],
    [[
      { registryType: "oci", identifier: "ghcr.io/github/github-mcp-server" },
      "https://github.com/github/github-mcp-server",
    ], true],
    [[npm("anything"), null], true],
    // Wrong packages once served for famous servers, and made-up names a community list gives.
    [[pypi("aws-labs"), "https://github.com/awslabs/mcp"], false],
    [
      [npm("@modelcontextprotocol/server-github"), "https://github.com/github/github-mcp-server"],
      false,
    ],
    [[npm("google-tasks"), "https://github.com/zcaceres/gtasks-mcp"], false],
    [[npm("brave-search"), "https://github.com/tositon/opendeepsearch"], false],
  ];
  for (const [args, expected] of cases) {
    assert.equal(packageBelongs(...args), expected, `${args[0].identifier} for ${args[1]}`);
  }
});

Deno.test("mergePackages() trusts the official record and Docker's catalog, checks the others", () => {
  const { packages, refused } = mergePackages([
    { source: "official-server-json", sourceId: "a", name: "a", packages: [npm("unrelated-name")] },
    {
      source: "toolsdk",
      sourceId: "b",
      name: "b",
      packages: [npm("unrelated-name"), npm("other")],
    },
  ], "https://github.com/acme/widget");
  assert.deepEqual(packages.map((p) => [p.identifier, p.source]), [
    ["unrelated-name", "official-server-json"],
  ]);
  assert.deepEqual(refused.map((r) => r.package.identifier), ["other"]);
});

Deno.test("completePackage() adds the inputs a reference server needs and never changes a source's", () => {
  const fs = completePackage(npm("@modelcontextprotocol/server-filesystem"));
  assert.equal(
    fs.inputsFrom,
    "https://github.com/modelcontextprotocol/servers/tree/main/src/filesystem",
  );
  assert.deepEqual(fs.packageArguments?.map((a) => [a.type, a.name, a.isRequired]), [
    ["positional", "allowed_directory", true],
  ]);
  const slack = completePackage({
    ...npm("@modelcontextprotocol/server-slack"),
    environmentVariables: [{ name: "SLACK_BOT_TOKEN" }, {
      name: "SLACK_TEAM_ID",
      isRequired: false,
    }],
  });
  const env = new Map(slack.environmentVariables!.map((e) => [e.name, e]));
  assert.equal(env.get("SLACK_BOT_TOKEN")?.isSecret, true, "a missing flag is filled");
  assert.equal(env.get("SLACK_TEAM_ID")?.isRequired, false, "a declared flag is kept");
  assert.equal(env.get("SLACK_CHANNEL_IDS")?.isRequired, false, "a missing input is added");
  const other = npm("something-else");
  assert.equal(completePackage(other), other);
});

Deno.test("completePackage() adds the arguments and settings without which a server does not serve", () => {
  const args = (id: string) =>
    completePackage(npm(id)).packageArguments?.map((
      a,
    ) => [a.type, a.value ?? a.name, a.isRequired]);
  // A CLI that serves MCP only with a flag.
  assert.deepEqual(args("repomix"), [["positional", "--mcp", true]]);
  assert.deepEqual(args("@ergut/mcp-bigquery-server"), [
    ["named", "--project-id", true],
    ["named", "--location", false],
    ["named", "--key-file", false],
  ]);
  assert.deepEqual(args("@azure-devops/mcp"), [["positional", "organization", true]]);
  assert.deepEqual(args("obsidian-mcp"), [["positional", "vault_path", true]]);
  assert.deepEqual(args("mongo-mcp"), [["positional", "mongodb_url", true]]);
  const env = (id: string) =>
    completePackage(npm(id)).environmentVariables?.map((e) => [e.name, e.isRequired]);
  assert.deepEqual(env("mcp-alertmanager"), [["ALERTMANAGER_URL", true]]);
  assert.deepEqual(env("@rollbar/mcp-server"), [
    ["ROLLBAR_ACCESS_TOKEN", true],
    ["ROLLBAR_ACCOUNT_ACCESS_TOKEN", false],
  ]);
  for (const id of ["@ibraheem4/linear-mcp", "@mseep/linear-mcp"]) {
    const env = completePackage(npm(id)).environmentVariables!;
    assert.deepEqual(env.map((e) => [e.name, e.isRequired, e.isSecret]), [
      ["LINEAR_API_KEY", true, true],
    ]);
  }
});
