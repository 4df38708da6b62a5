import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import { MAX_MCP_BODY_BYTES, MAX_REST_BODY_BYTES, readBodyCapped } from "../../src/http/body.ts";
import { createApp } from "../../src/http/app.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { MCP_HEADERS } from "../_mcp.ts";

const ctx = await fixtureContext();
const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * A lazy upload of `total` bytes in `chunk`-byte pieces that counts what the server pulled and
 * whether it cancelled the stream.
 */
function upload(total: number, chunk: number, byte = 0x20) {
  const state = { pulled: 0, cancelled: false };
  const piece = new Uint8Array(chunk).fill(byte);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      controller.enqueue(piece);
      state.pulled += chunk;
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

for (
  const [path, cap, headers] of [
    ["/api/v1/tools/recommend", MAX_REST_BODY_BYTES, { "content-type": "application/json" }],
    ["/mcp", MAX_MCP_BODY_BYTES, MCP_HEADERS],
  ] as const
) {
  Deno.test(`a 300 MB chunked body to ${path} gets 413 after at most 64 KiB is read, and the upload is cancelled`, async () => {
    const app = createApp({ ctx });
    const { stream, state } = upload(300 * MIB, 8 * KIB);
    const res = await app.fetch(
      new Request(`http://test.local${path}`, {
        method: "POST",
        headers,
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    assert.equal(res.status, 413);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    const body = await res.json();
    assert.equal(body.code, "payload_too_large");
    assert.equal(body.maxBytes, cap);
    assert.ok(state.pulled <= 64 * KIB, `pulled ${state.pulled} bytes`);
    assert.ok(state.pulled > cap, `pulled ${state.pulled} bytes, cap ${cap}`);
    assert.equal(state.cancelled, true);
  });

  Deno.test(`a declared Content-Length over the cap of ${path} is refused before any byte is read`, async () => {
    const app = createApp({ ctx });
    const { stream, state } = upload(cap + 1, 1 * KIB);
    const res = await app.fetch(
      new Request(`http://test.local${path}`, {
        method: "POST",
        headers: { ...headers, "content-length": String(cap + 1) },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    assert.equal(res.status, 413);
    assert.equal((await res.json()).code, "payload_too_large");
    assert.equal(state.pulled, 0);
  });
}

Deno.test("readBodyCapped() accepts a body of exactly the cap and refuses one byte more", async () => {
  const at = (n: number) =>
    new Request("http://x/", { method: "POST", body: `"${"a".repeat(n - 2)}"` });
  assert.equal((await readBodyCapped(at(100), 100)).length, 100);
  await assert.rejects(readBodyCapped(at(101), 100), { code: "payload_too_large" });
  assert.equal(await readBodyCapped(new Request("http://x/"), 100), "");
});

Deno.test("readBodyCapped() refuses a body that is not UTF-8 with invalid_parameter", async () => {
  const request = new Request("http://x/", {
    method: "POST",
    body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
  });
  await assert.rejects(readBodyCapped(request, 100), { code: "invalid_parameter" });
});

Deno.test("over a real socket, a 300 MB chunked upload to recommend and /mcp is answered 413 long before it is sent", async () => {
  const access = await openAccess({ kvPath: ":memory:" });
  const app = createApp({ ctx, access });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  try {
    for (const path of ["/api/v1/tools/recommend", "/mcp"]) {
      const { stream, state } = upload(300 * MIB, 64 * KIB);
      const res = await fetch(`http://127.0.0.1:${server.addr.port}${path}`, {
        method: "POST",
        headers: MCP_HEADERS,
        body: stream,
      });
      assert.equal(res.status, 413, path);
      assert.equal((await res.json()).code, "payload_too_large");
      // The client stops producing once the answer is in: what it made is socket buffers, not
      // the 300 MB (the server read at most its cap plus one chunk of them).
      assert.ok(state.pulled < 64 * MIB, `${path}: the client produced ${state.pulled} bytes`);
    }
    // The server keeps serving.
    const ok = await fetch(`http://127.0.0.1:${server.addr.port}/api/v1/health`);
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
  } finally {
    await server.shutdown();
    access.kv.close();
  }
});
