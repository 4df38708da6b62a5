/**
 * Change tracking across real rebuilds: a copy of one real source folder (the Docker MCP catalog,
 * 328 servers) in a temporary sources root, built, edited by one record, rebuilt, cut by one
 * record, rebuilt. Exactly the edited entry gets a new `updatedAt`, and the registry API's
 * `updated_since` returns that entry only; then the removed one, as deleted.
 *
 * @module
 */
import assert from "node:assert/strict";
import { openContext } from "../../src/catalog/context.ts";
import { CatalogStore } from "../../src/catalog/store.ts";
import { createApp } from "../../src/http/app.ts";
import { withSourcesCopy } from "../_helpers.ts";

const FOLDER = "mcp-servers/docker-mcp-registry";
const EDITED = "servers/airtable-mcp-server/server.yaml";
const REMOVED = "servers/arxiv-mcp-server";

/** Server name → `{id, updatedAt, firstSeenAt, deletedAt}` of the change history. */
function history(path: string) {
  const store = CatalogStore.open(path);
  try {
    const rows = store.changeRows();
    const servers = new Map(
      rows.filter((r) => r.kind === "server").map((r) => [r.key, r]),
    );
    return { servers, others: rows.filter((r) => r.kind !== "server").length };
  } finally {
    store.close();
  }
}

async function changedSince(path: string, since: string) {
  const ctx = await openContext(path, "http://test.local");
  try {
    const app = createApp({ ctx });
    const entries: { server: { name: string; description: string }; _meta: never }[] = [];
    let cursor: string | undefined;
    do {
      const res = await app.request(
        `/v0.1/servers?limit=100&updated_since=${encodeURIComponent(since)}${
          cursor ? `&cursor=${cursor}` : ""
        }`,
      );
      assert.equal(res.status, 200);
      const body = await res.json();
      entries.push(...body.servers);
      cursor = body.metadata.nextCursor;
    } while (cursor !== undefined);
    return entries;
  } finally {
    ctx.store.close();
  }
}

Deno.test("a rebuild with one changed source record changes exactly one entry's updatedAt, and updated_since returns only it; a removed record comes back as deleted", async () => {
  await withSourcesCopy(FOLDER, async ({ path, build, editDescription, remove }) => {
    const first = await build();
    const before = history(path);
    assert.equal(before.servers.size, first.totals.servers);
    assert.ok(before.servers.size > 300, `servers: ${before.servers.size}`);

    // One record changes: Airtable's description.
    await editDescription(
      EDITED,
      "Read and write Airtable bases from any MCP client (edited for the test).",
    );
    const second = await build();
    const after = history(path);
    const moved = [...after.servers.values()].filter((r) =>
      r.updatedAt !== before.servers.get(r.key)?.updatedAt
    );
    assert.deepEqual(moved.map((r) => [r.updatedAt, r.deletedAt]), [[second.builtAt, null]]);
    const airtable = moved[0]!;
    assert.match(airtable.summary.description as string, /edited for the test/);
    assert.equal(airtable.id, before.servers.get(airtable.key)!.id, "same id");
    assert.equal(airtable.firstSeenAt, first.builtAt);
    for (const [key, r] of after.servers) {
      if (key === airtable.key) continue;
      assert.equal(r.id, before.servers.get(key)!.id, key);
      assert.equal(r.updatedAt, first.builtAt, key);
    }
    const since = await changedSince(path, first.builtAt);
    assert.deepEqual(since.map((e) => e.server.name), [
      `ai.toolatlas/${airtable.key.replaceAll("/", ".")}`,
    ]);
    assert.match(since[0]!.server.description, /^Read and write Airtable bases/);

    // One record goes: it comes back from updated_since as deleted.
    await remove(REMOVED);
    const third = await build();
    const gone = [...history(path).servers.values()].filter((r) => r.deletedAt !== null);
    assert.equal(gone.length, 1);
    assert.equal(gone[0]!.deletedAt, third.builtAt);
    const deleted = await changedSince(path, second.builtAt);
    assert.equal(deleted.length, 1);
    const meta = deleted[0]!._meta as Record<string, Record<string, unknown>>;
    assert.equal(meta["ai.toolatlas/enrichment"]!.status, "deleted");
    assert.equal(meta["ai.toolatlas/enrichment"]!.name, gone[0]!.key);
    assert.equal((await changedSince(path, first.builtAt)).length, 2);
  });
});
