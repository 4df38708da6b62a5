/**
 * Incremental export across real rebuilds: a copy of one real source folder (the Docker MCP
 * catalog) is built, one record edited and rebuilt, one record removed and rebuilt. The export
 * with `updated_since` gives exactly the edited server, then exactly the removed one's tombstone.
 *
 * @module
 */
import assert from "node:assert/strict";
import { openContext } from "../../src/catalog/context.ts";
import { ServerDetailsOutput } from "../../src/catalog/server_schemas.ts";
import { createApp } from "../../src/http/app.ts";
import { ExportTombstone } from "../../src/snapshot/export.ts";
import { withSourcesCopy } from "../_helpers.ts";

const FOLDER = "mcp-servers/docker-mcp-registry";
const EDITED = "servers/airtable-mcp-server/server.yaml";
const REMOVED = "servers/arxiv-mcp-server";

/** The lines of `GET /api/v1/export/servers?updated_since=` on the catalog at `path`. */
async function exportSince(path: string, since: string): Promise<Record<string, unknown>[]> {
  const ctx = await openContext(path, "http://test.local");
  try {
    const res = await createApp({ ctx }).request(
      `/api/v1/export/servers?updated_since=${encodeURIComponent(since)}`,
    );
    assert.equal(res.status, 200);
    const text = await res.text();
    return text === "" ? [] : text.trim().split("\n").map((l) => JSON.parse(l));
  } finally {
    ctx.store.close();
  }
}

Deno.test("updated_since after a rebuild with one changed source record exports exactly that record, then the removed one as a tombstone", async () => {
  await withSourcesCopy(FOLDER, async ({ path, build, editDescription, remove }) => {
    const first = await build();
    assert.deepEqual(await exportSince(path, first.builtAt), [], "nothing changed yet");

    await editDescription(EDITED, "Airtable bases for agents (edited for the test).");
    const second = await build();
    const changed = await exportSince(path, first.builtAt);
    assert.equal(changed.length, 1);
    const record = ServerDetailsOutput.parse(changed[0]);
    assert.match(record.description, /edited for the test/);

    await remove(REMOVED);
    await build();
    const removed = await exportSince(path, second.builtAt);
    assert.equal(removed.length, 1);
    const tombstone = ExportTombstone.parse(removed[0]);
    assert.match(tombstone.key, /arxiv/);
    // Since the first build: the edited record and the tombstone.
    assert.equal((await exportSince(path, first.builtAt)).length, 2);
  });
});
