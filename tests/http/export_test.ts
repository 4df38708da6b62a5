import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import { createApp } from "../../src/http/app.ts";
import { PriceRecord } from "../../src/catalog/price_schemas.ts";
import { ServerDetailsOutput } from "../../src/catalog/server_schemas.ts";
import { ToolDetailsOutput } from "../../src/catalog/tool_schemas.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const ctx = await fixtureContext();
const kvDir = await tempDir({ prefix: "toolatlas-export-kv-" });
const access = await openAccess({ kvPath: `${kvDir}/kv.sqlite3` });
const app = createApp({ ctx, access });
const bearer = async (tier: "pro" | "enterprise") => ({
  authorization: `Bearer ${(await access.keys.create(tier, `export ${tier}`)).secret}`,
});
const enterprise = await bearer("enterprise");

async function lines(res: Response): Promise<unknown[]> {
  const text = await res.text();
  return text.trim().split("\n").map((l) => JSON.parse(l));
}

Deno.test("export streams every record of a kind as NDJSON, each a valid details record", async () => {
  const health = await (await app.request("/api/v1/health")).json();
  for (
    const [kind, schema] of [
      ["tools", ToolDetailsOutput],
      ["servers", ServerDetailsOutput],
      ["prices", PriceRecord],
    ] as const
  ) {
    const res = await app.request(`/api/v1/export/${kind}`, { headers: enterprise });
    assert.equal(res.status, 200, kind);
    assert.equal(res.headers.get("content-type"), "application/x-ndjson");
    assert.ok(res.headers.get("etag") && res.headers.get("last-modified"));
    const records = await lines(res);
    assert.equal(records.length, health.counts[kind], kind);
    for (const r of records) schema.parse(r);
  }
});

Deno.test("export is gzip-compressed when the client accepts it", async () => {
  const res = await app.request("/api/v1/export/tools", {
    headers: { ...enterprise, "accept-encoding": "br, gzip" },
  });
  assert.equal(res.headers.get("content-encoding"), "gzip");
  const plain = new Response(res.body!.pipeThrough(new DecompressionStream("gzip")));
  assert.equal((await lines(plain)).length, ctx.store.counts().tools);
});

Deno.test("a matching If-None-Match gets 304; another build's tag does not", async () => {
  const first = await app.request("/api/v1/export/servers", { headers: enterprise });
  const etag = first.headers.get("etag")!;
  await first.body?.cancel();
  const again = await app.request("/api/v1/export/servers", {
    headers: { ...enterprise, "if-none-match": `"other", ${etag}` },
  });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get("etag"), etag);
  const stale = await app.request("/api/v1/export/servers", {
    headers: { ...enterprise, "if-none-match": '"servers-20200101"' },
  });
  assert.equal(stale.status, 200);
  await stale.body?.cancel();
});

Deno.test("free and Pro callers get 403 entitlement_required naming the tier that has it", async () => {
  for (const headers of [{}, await bearer("pro")]) {
    for (const path of ["/api/v1/export/tools", "/api/v1/export/snapshot"]) {
      const res = await app.request(path, { headers });
      assert.equal(res.status, 403, path);
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      const body = await res.json();
      assert.equal(body.code, "entitlement_required");
      assert.match(body.detail, /enterprise tier/);
    }
  }
  const unknown = await app.request("/api/v1/export/keys", { headers: enterprise });
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).code, "not_found");
});

Deno.test("the snapshot export serves the archive of this build, made once", async () => {
  const res = await app.request("/api/v1/export/snapshot", { headers: enterprise });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/gzip");
  assert.match(res.headers.get("content-disposition")!, /toolatlas-snapshot-20261122T000000Z/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.equal(bytes.length, Number(res.headers.get("content-length")));
  const dir = ctx.store.path!.replace(/\/catalog\.db$/, "/snapshots");
  const made = [...Deno.readDirSync(dir)].map((e) => e.name);
  const again = await app.request("/api/v1/export/snapshot", { headers: enterprise });
  await again.body?.cancel();
  assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), made, "made once");
});

Deno.test("updated_since exports only records changed after the time; a malformed one is a 400", async () => {
  const since = async (t: string) =>
    await app.request(`/api/v1/export/servers?updated_since=${encodeURIComponent(t)}`, {
      headers: enterprise,
    });
  // The fixture was built once, at 2026-11-22T00:00:00Z: every record changed then.
  const before = await since("2026-11-22T00:00:00+01:00"); // an hour before the build
  assert.equal((await lines(before)).length, ctx.store.counts().servers);
  const at = await since("2026-11-22T00:00:00Z"); // strictly after: nothing
  assert.equal(at.status, 200);
  assert.equal(await at.text(), "");
  const bad = await since("yesterday");
  assert.equal(bad.status, 400);
  const problem = await bad.json();
  assert.equal(problem.code, "invalid_parameter");
  assert.equal(problem.errors[0].field, "updated_since");
});
