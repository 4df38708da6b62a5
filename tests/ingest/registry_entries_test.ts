import assert from "node:assert/strict";
import {
  attachOfficialVersions,
  borrowInstallMethods,
  mergeVersions,
} from "../../src/ingest/registry_entries.ts";
import { isInstallable } from "../../src/model/server.ts";
import type { SourceServer } from "../../src/ingest/types.ts";
import type { ServerVersion } from "../../src/model/server.ts";
import { server } from "../fixtures/catalog.ts";

const v = (
  version: string,
  publishedAt: string,
  extra: Partial<ServerVersion> = {},
): ServerVersion => ({
  version,
  isLatest: false,
  publishedAt,
  source: "official-server-json",
  ...extra,
});

Deno.test("mergeVersions() lets the newer export's latest mark win and keeps the server.json content of a version both list", () => {
  // The 2025-12 server.json export: 0.6.0 was the latest then, with its package.
  const older = [
    v("0.6.0", "2025-11-01T00:00:00Z", {
      isLatest: true,
      packages: [{ registryType: "npm", identifier: "figma-developer-mcp", version: "0.6.0" }],
    }),
    v("0.5.0", "2025-10-01T00:00:00Z"),
  ];
  // The 2026-06 export: 0.12.0 is the latest now; it knows 0.6.0 without packages.
  const newer = [
    v("0.12.0", "2026-05-01T00:00:00Z", { isLatest: true, source: "official-registry" }),
    v("0.6.0", "2025-11-01T00:00:00Z", { source: "official-registry", status: "active" }),
  ];
  const merged = mergeVersions([older, newer]);
  assert.deepEqual(merged.map((x) => [x.version, x.isLatest]), [
    ["0.12.0", true],
    ["0.6.0", false],
    ["0.5.0", false],
  ]);
  const six = merged.find((x) => x.version === "0.6.0")!;
  assert.equal(six.packages?.[0]?.identifier, "figma-developer-mcp");
  assert.equal(six.source, "official-server-json");
  assert.equal(six.status, "active", "a gap filled from the other export");
  // Without any latest mark: the latest published.
  assert.deepEqual(
    mergeVersions([[v("1.0.0", "2025-01-01T00:00:00Z"), v("2.0.0", "2025-02-01T00:00:00Z")]])
      .map((x) => x.isLatest),
    [true, false],
  );
});

Deno.test("attachOfficialVersions() gives versions only to entries named by their official name", () => {
  const records: SourceServer[] = [
    {
      source: "official-server-json",
      sourceId: "io.github.o/a",
      name: "a",
      officialName: "io.github.o/a",
      versions: [v("1.0.0", "2025-01-01T00:00:00Z", { isLatest: true })],
    },
    {
      source: "official-registry",
      sourceId: "io.github.o/a",
      name: "a",
      officialName: "io.github.o/a",
      versions: [v("1.1.0", "2025-03-01T00:00:00Z", { isLatest: true })],
    },
    {
      source: "official-registry",
      sourceId: "com.x/b",
      name: "b",
      officialName: "com.x/b",
      versions: [v("3.0.0", "2025-01-01T00:00:00Z", { isLatest: true })],
    },
  ];
  const a = server({
    name: "io.github.o/a",
    title: "A",
    officialNames: ["io.github.o/a"],
    version: "1.0.0",
  });
  // A second claimant of an official name is served under an ai.toolatlas/… name.
  const b = server({ name: "com.x/b~2", title: "B", officialNames: ["com.x/b"] });
  const stats = attachOfficialVersions([a, b], records);
  assert.deepEqual(a.versions?.map((x) => [x.version, x.isLatest]), [["1.1.0", true], [
    "1.0.0",
    false,
  ]]);
  assert.equal(b.versions, undefined);
  assert.deepEqual(stats, { servers: 1, versions: 2, newerThanEntry: 1 });
});

Deno.test("borrowInstallMethods() gives an official entry without an install method those of its project's other listing", () => {
  const official = server({
    name: "io.github.o/tool",
    title: "Tool",
    officialNames: ["io.github.o/tool"],
    statedHosting: "local",
    variants: [{ name: "github.com/o/tool-mcp", sources: ["glama"], reason: "renamed" }],
  });
  const listing = server({
    name: "github.com/o/tool-mcp",
    title: "Tool",
    canonicalName: "io.github.o/tool",
    packages: [
      { registryType: "npm", identifier: "tool-mcp", source: "glama" },
      { registryType: "cargo", identifier: "tool-mcp" },
    ],
    remotes: [{ type: "sse", url: "https://x.example/sse?key=<YOUR KEY>" }],
    hosting: "local",
    provenance: { packages: "glama" },
  });
  // An official entry that installs already is left alone; one whose project has nothing stays.
  const installs = server({
    name: "io.github.o/other",
    title: "Other",
    officialNames: ["io.github.o/other"],
    remotes: [{ type: "streamable-http", url: "https://other.example/mcp" }],
  });
  const lonely = server({
    name: "io.github.o/lonely",
    title: "L",
    officialNames: ["io.github.o/lonely"],
  });
  assert.equal(isInstallable(official), false);
  const stats = borrowInstallMethods([official, listing, installs, lonely]);
  assert.deepEqual(stats, { uninstallable: 2, borrowed: 1 });
  // Only what server.json can carry: the npm package, not cargo nor the placeholder URL.
  assert.deepEqual(official.packages, [{
    registryType: "npm",
    identifier: "tool-mcp",
    source: "glama",
  }]);
  assert.deepEqual(official.remotes, []);
  assert.equal(official.hosting, "local");
  assert.equal(official.statedHosting, undefined);
  assert.deepEqual(official.transports, ["stdio"]);
  assert.equal(official.provenance.installFrom, "github.com/o/tool-mcp");
  assert.equal(official.provenance.packages, "glama");
  assert.deepEqual(lonely.packages, []);
  // The donor is not changed.
  assert.equal(listing.packages.length, 2);
});
