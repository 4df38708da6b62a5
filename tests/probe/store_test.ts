import assert from "node:assert/strict";
import { installConfig } from "../../src/install/mod.ts";
import { applyProbes, readProbeStore } from "../../src/ingest/probes.ts";
import type { ProbeRecord } from "../../src/model/probe.ts";
import { writeProbeStore } from "../../src/probe/store.ts";
import { launchInputs, selectTargets } from "../../src/probe/targets.ts";
import { server } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

/** A stored probe of an npm package. */
function record(identifier: string, over: Partial<ProbeRecord> = {}): ProbeRecord {
  return {
    target: `npm:${identifier.toLowerCase()}`,
    registryType: "npm",
    identifier,
    requested: identifier,
    version: "1.0.0",
    repository: null,
    servers: [],
    args: [],
    env: [],
    probedAt: "2026-11-27T00:00:00.000Z",
    durationMs: 1000,
    launched: true,
    errorClass: null,
    detail: null,
    protocolVersion: "2025-06-18",
    serverInfo: { name: identifier, version: "1.0.0" },
    capabilities: ["tools"],
    tools: [{ name: "read", description: "Reads", inputSchema: { type: "object" } }],
    ...over,
  };
}

Deno.test("writeProbeStore() writes one sorted line per target; readProbeStore() skips bad lines", async () => {
  const dir = await tempDir();
  try {
    const path = `${dir}/probes.jsonl`;
    assert.deepEqual(await readProbeStore(path), { records: [], skipped: 0 }, "missing file");
    await writeProbeStore(path, [
      record("zeta"),
      record("alpha"),
      record("zeta", { version: "2" }),
    ]);
    const lines = (await Deno.readTextFile(path)).trim().split("\n");
    assert.deepEqual(lines.map((l) => JSON.parse(l).target), ["npm:alpha", "npm:zeta"]);
    assert.equal(JSON.parse(lines[1]!).version, "2", "the later record wins");
    await Deno.writeTextFile(path, `${lines.join("\n")}\nnot json\n{"target": 1}\n`);
    const back = await readProbeStore(path);
    assert.equal(back.records.length, 2);
    assert.equal(back.skipped, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("applyProbes() makes a successful probe the inventory and keeps every probe's summary", () => {
  const listed = server({
    name: "x/listed",
    title: "Listed",
    packages: [{ registryType: "npm", identifier: "@acme/Files" }],
  });
  const known = server({
    name: "x/known",
    title: "Known",
    packages: [{ registryType: "npm", identifier: "known-mcp", version: "1.0.0" }],
    tools: [{ name: "old" }],
    toolsSource: "toolsdk",
  });
  const failing = server({
    name: "x/failing",
    title: "Failing",
    packages: [{ registryType: "npm", identifier: "broken-mcp" }],
  });
  const untouched = server({ name: "x/other", title: "Other" });
  const stats = applyProbes([listed, known, failing, untouched], [
    record("@acme/files"),
    record("known-mcp", { tools: [{ name: "new" }, { name: "newer" }] }),
    record("broken-mcp", { launched: false, errorClass: "crashed", tools: [] }),
  ]);
  assert.deepEqual(stats, {
    records: 3,
    serversProbed: 3,
    inventories: 2,
    inventoriesAdded: 1,
    capped: { tools: 0, descriptions: 0, schemas: 0 },
  });
  assert.deepEqual(listed.tools, [{
    name: "read",
    description: "Reads",
    inputSchema: { type: "object" },
  }]);
  assert.equal(listed.toolsSource, "probe");
  assert.equal(listed.provenance.tools, "probe");
  assert.deepEqual(known.tools.map((t) => t.name), ["new", "newer"], "a probe beats a catalog");
  assert.equal(failing.tools.length, 0);
  assert.equal(failing.probes?.[0]?.errorClass, "crashed");
  assert.equal(untouched.probes, undefined);
});

Deno.test("installConfig() marks a probed package verified, only for the version it pins", () => {
  const probed = server({
    name: "x/probed",
    title: "Probed",
    packages: [{ registryType: "npm", identifier: "probed-mcp", version: "1.0.0" }],
  });
  applyProbes([probed], [record("probed-mcp", { version: "1.0.0" })]);
  const cfg = installConfig(probed, "cursor");
  assert.deepEqual(cfg.verified, {
    probedAt: "2026-11-27T00:00:00.000Z",
    version: "1.0.0",
    toolCount: 1,
    text: "verified: launched and listed 1 tools on 2026-11-27",
  });
  assert.match(
    cfg.method?.reason ?? "",
    /a launch probe on 2026-11-27 started it and listed 1 tools/,
  );
  const other = server({
    name: "x/other-version",
    title: "Other version",
    packages: [{ registryType: "npm", identifier: "probed-mcp", version: "0.9.0" }],
  });
  applyProbes([other], [record("probed-mcp", { version: "1.0.0" })]);
  assert.equal(installConfig(other, "cursor").verified, null);
});

Deno.test("installConfig() drops a package a probe found to be a library, with a note", () => {
  const srv = server({
    name: "x/library",
    title: "Library",
    packages: [{ registryType: "npm", identifier: "a-library" }],
    remotes: [{ type: "streamable-http", url: "https://mcp.library.example/mcp" }],
  });
  applyProbes([srv], [
    record("a-library", { launched: false, errorClass: "no_executable", tools: [] }),
  ]);
  const cfg = installConfig(srv, "claude-desktop");
  assert.equal(cfg.method?.kind, "remote", "the endpoint through the bridge instead");
  assert.ok(cfg.notes.some((n) => n.includes("a-library") && n.includes("no executable")));
});

Deno.test("selectTargets() puts servers without an inventory first and skips what was probed", () => {
  const servers = [
    server({
      name: "popular/with-tools",
      title: "A",
      stars: 5000,
      packages: [{ registryType: "npm", identifier: "with-tools" }],
      tools: [{ name: "t" }],
    }),
    server({
      name: "quiet/no-tools",
      title: "B",
      stars: 3,
      packages: [{ registryType: "npm", identifier: "no-tools" }],
    }),
    server({
      name: "busy/no-tools",
      title: "C",
      stars: 900,
      packages: [{ registryType: "npm", identifier: "busy" }],
    }),
    server({
      name: "private/registry",
      title: "D",
      packages: [{
        registryType: "npm",
        identifier: "private",
        registryBaseUrl: "https://npm.corp.example",
      }],
    }),
    server({ name: "py/only", title: "E", packages: [{ registryType: "pypi", identifier: "p" }] }),
  ];
  const all = selectTargets(servers, { limit: 10 });
  assert.deepEqual(all.map((t) => t.target), ["npm:busy", "npm:no-tools", "npm:with-tools"]);
  const rest = selectTargets(servers, { limit: 10, done: new Set(["npm:busy"]) });
  assert.deepEqual(rest.map((t) => t.target), ["npm:no-tools", "npm:with-tools"]);
  assert.deepEqual(
    selectTargets(servers, { limit: 10, only: ["popular/with-tools"] }).map((t) => t.target),
    ["npm:with-tools"],
  );
  assert.equal(selectTargets(servers, { limit: 1 }).length, 1);
});

Deno.test("launchInputs() passes the config's arguments and environment with placeholders", () => {
  const inputs = launchInputs({
    registryType: "npm",
    identifier: "@modelcontextprotocol/server-filesystem",
    version: "2026.1.0",
    packageArguments: [{
      type: "positional",
      name: "allowed_directory",
      isRequired: true,
      format: "filepath",
    }],
    environmentVariables: [
      { name: "API_KEY", isSecret: true },
      { name: "MODE", isRequired: true, choices: ["fast", "safe"] },
    ],
  }, "/tmp/probe/data");
  assert.equal(inputs.spec, "@modelcontextprotocol/server-filesystem@2026.1.0");
  assert.deepEqual(inputs.args, ["/tmp/probe/data"]);
  assert.deepEqual(inputs.shownArgs, ["<allowed_directory>"]);
  assert.deepEqual(inputs.env, { API_KEY: "toolatlas-probe-placeholder", MODE: "fast" });
});
