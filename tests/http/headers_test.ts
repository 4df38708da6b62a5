import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import { createApp } from "../../src/http/app.ts";
import { isJsonMediaType } from "../../src/http/rest.ts";
import { ifNoneMatch, loadAssets } from "../../src/site/assets.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { sendRaw } from "../_http.ts";

const ctx = await fixtureContext();

Deno.test("ifNoneMatch() compares entity tags weakly, with * and lists", () => {
  assert.equal(ifNoneMatch('"a"', '"a"'), true);
  assert.equal(ifNoneMatch('W/"a"', '"a"'), true);
  assert.equal(ifNoneMatch('"x" ,  W/"a" , "y"', '"a"'), true);
  assert.equal(ifNoneMatch("*", '"a"'), true);
  assert.equal(ifNoneMatch('"b", "c"', '"a"'), false);
  assert.equal(ifNoneMatch("", '"a"'), false);
  assert.equal(ifNoneMatch(`W${" ".repeat(64_000)}x`, '"a"'), false);
});

Deno.test("isJsonMediaType() takes application/json and +json types with parameters", () => {
  for (
    const ok of ["application/json", "Application/JSON; charset=utf-8", "application/vnd.x+json"]
  ) {
    assert.equal(isJsonMediaType(ok), true, ok);
  }
  for (const bad of ["text/json", "application/jsonx", "application/+json", "", "json"]) {
    assert.equal(isJsonMediaType(bad), false, bad);
  }
});

/** {@link sendRaw}, giving the status line's code (0 when there is none). */
async function raw(...request: Parameters<typeof sendRaw>): Promise<number> {
  const text = await sendRaw(...request);
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

Deno.test("the largest headers Deno.serve accepts (about 64 KB) are answered correctly on every header the app reads; larger ones get 400 before the app", async () => {
  const access = await openAccess({ kvPath: ":memory:", trustProxy: "loopback" });
  const app = createApp({ ctx, access });
  let seen = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req, info) => {
    seen++;
    return app.fetch(req, info);
  });
  const port = server.addr.port;
  const { css } = await loadAssets();
  const spaces = " ".repeat(64_000);
  const mcp: [string, string][] = [
    ["Content-Type", "application/json"],
    ["Mcp-Protocol-Version", "2025-06-18"],
  ];
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  try {
    const cases: [number, string, string, [string, string][], string?][] = [
      [200, "GET", css.path, [["If-None-Match", `W${spaces}x`]]],
      [304, "GET", css.path, [["If-None-Match", `"zz",${spaces}${css.etag}`]]],
      [200, "GET", css.path, [["If-None-Match", `"a"${", ".repeat(32_000)}"b"`]]],
      [401, "GET", "/api/v1/categories", [["Authorization", `Bearer${spaces}x y`]]],
      [200, "GET", "/api/v1/categories", [[
        "X-Forwarded-For",
        `1.2.3.4${", ".repeat(32_000)}5.6.7.8`,
      ]]],
      [200, "GET", "/api/v1/categories", [["X-Forwarded-For", `${"9".repeat(64_000)}`]]],
      [415, "POST", "/api/v1/tools/recommend", [[
        "Content-Type",
        `application/${"+".repeat(64_000)}x`,
      ]], '{"query":"notes"}'],
      [
        200,
        "POST",
        "/mcp",
        [...mcp, ["Accept", `application/json,${spaces}text/event-stream`]],
        ping,
      ],
      [200, "GET", `/?q=${"a%20".repeat(12_000)}`, [["Accept-Language", " ".repeat(8_000)]]],
    ];
    for (const [want, method, path, headers, body] of cases) {
      const status = await raw(port, method, path, headers, body);
      const what = `${method} ${path.slice(0, 40)} ${headers.map(([k]) => k).join(",")}`;
      assert.equal(status, want, what);
    }
    const before = seen;
    assert.equal(await raw(port, "GET", "/api/v1/health", [["X-Big", "a".repeat(100_000)]]), 400);
    assert.equal(seen, before, "the app never saw the oversized request");
  } finally {
    await server.shutdown();
    access.kv.close();
  }
});
