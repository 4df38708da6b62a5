import assert from "node:assert/strict";
import { Hono } from "hono";
import { publicCors } from "../../src/http/cors.ts";

function app(): Hono {
  const app = new Hono();
  app.use(
    "*",
    publicCors({
      allowMethods: ["GET", "POST"],
      allowHeaders: ["Authorization"],
      exposeHeaders: ["RateLimit", "Retry-After"],
      maxAge: 600,
    }),
  );
  app.get("/ok", (c) => c.json({ ok: true }));
  // Response.redirect() has immutable headers: the middleware must copy, not throw.
  app.get("/immutable", () => Response.redirect("http://example.test/elsewhere", 302));
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.onError((_e, c) => c.json({ code: "internal" }, 500));
  return app;
}

Deno.test("publicCors sets the allow-origin and expose headers on a normal response", async () => {
  const res = await app().request("/ok", { headers: { origin: "https://x.example" } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.equal(res.headers.get("access-control-expose-headers"), "RateLimit,Retry-After");
  assert.deepEqual(await res.json(), { ok: true });
});

Deno.test("publicCors answers a preflight with methods, headers and max-age", async () => {
  const res = await app().request("/ok", {
    method: "OPTIONS",
    headers: { origin: "https://x.example", "access-control-request-method": "POST" },
  });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.equal(res.headers.get("access-control-allow-methods"), "GET,POST");
  assert.equal(res.headers.get("access-control-allow-headers"), "Authorization");
  assert.equal(res.headers.get("access-control-max-age"), "600");
});

Deno.test("publicCors copies a response whose headers are immutable", async () => {
  const res = await app().request("/immutable");
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "http://example.test/elsewhere");
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
});

Deno.test("publicCors also marks error responses", async () => {
  const res = await app().request("/boom");
  assert.equal(res.status, 500);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
});
