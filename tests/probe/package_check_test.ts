import assert from "node:assert/strict";
import { checkPackage, packageCheckKey, runPackageChecks } from "../../src/probe/package_check.ts";
import { readPackageChecks } from "../../src/ingest/package_evidence.ts";
import { tempDir } from "../_temp.ts";

/** A fake npm registry: `/name/latest` documents by package, 404 otherwise; counts requests. */
function fakeRegistry(docs: Record<string, unknown>) {
  const asked: string[] = [];
  const fetchFake = (input: string | URL | Request) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input : input.url,
    );
    const name = decodeURIComponent(url.pathname.slice(1).replace(/\/latest$/, ""));
    asked.push(name);
    if (name === "flaky") return Promise.resolve(new Response("busy", { status: 503 }));
    const doc = docs[name];
    return Promise.resolve(
      doc === undefined ? new Response("{}", { status: 404 }) : Response.json(doc),
    );
  };
  return { fetch: fetchFake as typeof fetch, asked };
}

const REGISTRY = fakeRegistry({
  "@acme/mcp": {
    name: "@acme/mcp",
    version: "1.2.0",
    bin: { "acme-mcp": "dist/index.js" },
    repository: { type: "git", url: "git+https://github.com/acme/mcp.git", directory: "pkg" },
    mcpName: "io.github.acme/mcp",
  },
  "lib-only": { name: "lib-only", version: "0.1.0", repository: "github:someone/lib" },
  "old-one": { name: "old-one", version: "2.0.0", bin: "cli.js", deprecated: "use new-one" },
});

Deno.test("a package check reads bin, repository, deprecation and mcpName from the registry", async () => {
  const acme = await checkPackage("@Acme/mcp@1.0.0", { fetch: REGISTRY.fetch });
  assert.equal(acme.key, "npm:@acme/mcp");
  assert.equal(acme.status, "found");
  assert.deepEqual(acme.bin, ["acme-mcp"]);
  assert.deepEqual(acme.binFiles, ["dist/index.js"]);
  assert.equal(acme.repositoryUrl, "git+https://github.com/acme/mcp.git");
  assert.equal(acme.directory, "pkg");
  assert.equal(acme.mcpName, "io.github.acme/mcp");
  const lib = await checkPackage("lib-only", { fetch: REGISTRY.fetch });
  assert.deepEqual([lib.status, lib.bin, lib.repositoryUrl], ["found", [], "github:someone/lib"]);
  const old = await checkPackage("old-one", { fetch: REGISTRY.fetch });
  assert.deepEqual([old.bin, old.binFiles, old.deprecated], [
    ["old-one"],
    ["cli.js"],
    "use new-one",
  ]);
  assert.equal((await checkPackage("nowhere", { fetch: REGISTRY.fetch })).status, "missing");
  const flaky = await checkPackage("flaky", { fetch: REGISTRY.fetch });
  assert.deepEqual([flaky.status, flaky.detail], ["error", "HTTP 503"]);
  assert.equal(packageCheckKey("@X/Y@^1"), "npm:@x/y");
});

Deno.test("a second run asks only about errors and leaves the store unchanged otherwise", async () => {
  const dir = await tempDir();
  const store = `${dir}/checks.jsonl`;
  const registry = fakeRegistry({ a: { name: "a", version: "1", bin: "x.js" } });
  const ids = ["a", "b", "a@2", "flaky"];
  const first = await runPackageChecks(ids, { fetch: registry.fetch, store, concurrency: 2 });
  assert.deepEqual(
    [first.asked, first.found, first.missing, first.error, first.known],
    [3, 1, 1, 1, 0],
  );
  const text = await Deno.readTextFile(store);
  registry.asked.length = 0;
  const second = await runPackageChecks(ids, { fetch: registry.fetch, store });
  assert.deepEqual([second.asked, second.known], [1, 2]);
  assert.deepEqual(registry.asked, ["flaky"]);
  const { checks } = await readPackageChecks(store);
  assert.deepEqual([...checks.keys()], ["npm:a", "npm:b", "npm:flaky"]);
  // Only the retried error's line changed (its time).
  const lines = (s: string) => s.split("\n").filter((l) => !l.includes('"npm:flaky"'));
  assert.deepEqual(lines(await Deno.readTextFile(store)), lines(text));
});
