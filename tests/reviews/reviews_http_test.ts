import assert from "node:assert/strict";
import { reviewApp } from "./_setup.ts";
import { INITIALIZE, mcpPost, toolCall } from "../_mcp.ts";

const T = "/tools/scribe/reviews";
const S = "/servers/io.github.acme/postgres/reviews";

async function ok(res: Response) {
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  return JSON.parse(text);
}

async function problem(res: Response, status: number, code: string) {
  const text = await res.text();
  assert.equal(res.status, status, text);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const body = JSON.parse(text);
  assert.equal(body.code, code, text);
  return body;
}

Deno.test("POST creates a review that details, compare, search and the MCP tool then show", async () => {
  const { app, post, close } = await reviewApp();
  const created = await ok(
    await post(T, { rating: 4, title: "Good notes", text: "Line one\nLine two" }),
  );
  assert.equal(created.replaced, false);
  assert.equal(created.hidden, false);
  assert.deepEqual(created.entry.kind, "tool");
  assert.equal(created.entry.key, "scribe");
  assert.match(created.entry.entryId, /^tool_[0-9a-f]{16}$/);
  assert.match(created.review.id, /^rv_[0-9a-f]{16}$/);
  assert.deepEqual(
    [created.review.rating, created.review.title, created.review.text],
    [4, "Good notes", "Line one\nLine two"],
  );
  assert.deepEqual(created.aggregate, {
    count: 1,
    mean: 4,
    distribution: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 0 },
    worked: null,
  });
  assert.equal(created.writesLeftToday, 19);

  const details = await ok(await app.request("/api/v1/tools/scribe"));
  assert.equal(details.userReviews.source, "toolatlas users");
  assert.equal(details.userReviews.aggregate.count, 1);
  assert.deepEqual(details.userReviews.newest.map((r: { id: string }) => r.id), [
    created.review.id,
  ]);
  // Source ratings stay apart, named by their source.
  assert.deepEqual(details.reviews, [{ source: "aitoolhouse", rating: 4.5, count: 12, url: null }]);

  const compare = await ok(await app.request("/api/v1/tools/compare?slugs=scribe,notetaker"));
  assert.deepEqual(
    compare.userReviews.map((r: { slug: string; aggregate: { count: number } }) => [
      r.slug,
      r.aggregate.count,
    ]),
    [["scribe", 1], ["notetaker", 0]],
  );

  const search = await ok(await app.request("/api/v1/tools?q=transcription"));
  const rated = search.results.find((r: { slug: string }) => r.slug === "scribe");
  assert.deepEqual(rated.rating, { mean: 4, count: 1 });
  const other = search.results.find((r: { slug: string }) => r.slug === "notetaker");
  assert.equal(other.rating, null);

  // The MCP tool's structured content carries the same reviews, and its text says so.
  await app.request("/mcp", mcpPost(INITIALIZE));
  const call = await app.request(
    "/mcp",
    mcpPost(toolCall(2, "svc_tools_details", { slug: "scribe" })),
  );
  const result = (await call.json()).result;
  assert.equal(result.isError, undefined);
  assert.equal(result.structuredContent.userReviews.aggregate.count, 1);
  assert.match(result.content[0].text, /User reviews: 4\/5 from 1; newest: "Good notes"/);
  close();
});

Deno.test("a second POST by the same key replaces its review; DELETE removes it", async () => {
  const { app, post, del, close } = await reviewApp();
  const first = await ok(await post(T, { rating: 2, text: "Meh" }));
  const second = await ok(await post(T, { rating: 5 }));
  assert.equal(second.replaced, true);
  assert.equal(second.review.id, first.review.id, "one review per key and entry");
  assert.equal(second.review.createdAt, first.review.createdAt);
  assert.equal(second.review.text, null, "a replacement is the whole review");
  assert.deepEqual(second.aggregate.distribution, { "1": 0, "2": 0, "3": 0, "4": 0, "5": 1 });
  const details = await ok(await app.request("/api/v1/tools/scribe"));
  assert.equal(details.userReviews.newest.length, 1);
  assert.equal(details.userReviews.newest[0].rating, 5);

  const deleted = await ok(await del(T));
  assert.deepEqual(deleted.deleted, { id: first.review.id });
  assert.equal(deleted.aggregate.count, 0);
  assert.equal(deleted.aggregate.mean, null);
  const after = await ok(await app.request("/api/v1/tools/scribe"));
  assert.deepEqual(after.userReviews.newest, []);
  await problem(await del(T), 404, "not_found");
  close();
});

Deno.test("server reviews say whether it worked, with which client and version", async () => {
  const { app, post, key, close } = await reviewApp();
  const yes = await ok(
    await post(S, { rating: 5, worked: true, client: "cursor", version: "1.2.0" }),
  );
  assert.equal(yes.entry.key, "io.github.acme/postgres");
  await ok(await post(S, { rating: 2, worked: false, client: "vscode" }, await key()));
  await ok(await post(S, { rating: 4 }, await key("enterprise")));
  const details = await ok(await app.request(`/api/v1/servers/io.github.acme/postgres`));
  assert.deepEqual(details.userReviews.aggregate, {
    count: 3,
    mean: 3.67,
    distribution: { "1": 0, "2": 1, "3": 0, "4": 1, "5": 1 },
    worked: { yes: 1, of: 2 },
  });
  const newest = details.userReviews.newest;
  assert.equal(newest.length, 3);
  assert.deepEqual(newest.at(-1).client, "cursor");
  const compare = await ok(
    await app.request(
      "/api/v1/servers/compare?names=io.github.acme/postgres,com.example/remote-search",
    ),
  );
  assert.deepEqual(compare.userReviews[0].aggregate.worked, { yes: 1, of: 2 });
  assert.equal(compare.userReviews[1].name, "com.example/remote-search");
  const search = await ok(await app.request("/api/v1/servers?q=postgres"));
  assert.deepEqual(search.results[0].rating, { mean: 3.67, count: 3 });
  close();
});

Deno.test("sort=rating puts rated entries first, best score first, the rest by relevance", async () => {
  const { app, post, key, close } = await reviewApp();
  // writewell: one 5-star review; pixelforge: three 5-star reviews; image: one 1-star review.
  await ok(await post("/tools/writewell/reviews", { rating: 5 }));
  for (let i = 0; i < 3; i++) {
    await ok(await post("/tools/pixelforge/reviews", { rating: 5 }, await key("pro", `k${i}`)));
  }
  await ok(await post("/tools/image/reviews", { rating: 1 }));
  const slugs = async (path: string) =>
    (await ok(await app.request(path))).results.map((r: { slug: string }) => r.slug);
  const browse = await slugs("/api/v1/tools?sort=rating&limit=50");
  assert.deepEqual(browse.slice(0, 3), ["pixelforge", "writewell", "image"]);
  assert.equal(browse.length, 5);
  const relevance = await slugs("/api/v1/tools?q=image");
  assert.deepEqual(relevance.slice(0, 2), ["image", "pixelforge"]);
  assert.deepEqual((await slugs("/api/v1/tools?q=image&sort=rating")).slice(0, 2), [
    "pixelforge",
    "image",
  ]);
  // Paging applies after the order; a new rating changes a cached order at once.
  assert.deepEqual(await slugs("/api/v1/tools?sort=rating&limit=1&offset=1"), ["writewell"]);
  // image: five 5-star reviews (the 1-star one replaced) outscore pixelforge's three.
  await ok(await post("/tools/image/reviews", { rating: 5 }));
  for (let i = 0; i < 4; i++) {
    await ok(await post("/tools/image/reviews", { rating: 5 }, await key("pro", `i${i}`)));
  }
  assert.deepEqual((await slugs("/api/v1/tools?sort=rating&limit=50")).slice(0, 2), [
    "image",
    "pixelforge",
  ]);
  const servers = await ok(await app.request("/api/v1/servers?sort=rating"));
  assert.equal(servers.results.length, 4);
  await problem(await app.request("/api/v1/tools?sort=stars"), 400, "invalid_parameter");
  close();
});

Deno.test("keyless callers read reviews but cannot write: 401 key_required", async () => {
  const { app, post, del, close } = await reviewApp();
  await ok(await post(T, { rating: 3 }));
  const body = await problem(await post(T, { rating: 5 }, null), 401, "key_required");
  assert.match(body.detail, /needs an API key/);
  const res = await post(T, { rating: 5 }, null);
  assert.match(res.headers.get("www-authenticate")!, /^Bearer/);
  await res.body?.cancel();
  // Refused before the body is read: a wrong media type still gets 401.
  const typed = await app.request(`/api/v1${T}`, { method: "POST", body: "x" });
  await problem(typed, 401, "key_required");
  await problem(await del(T, null), 401, "key_required");
  await problem(await post(T, { rating: 5 }, `sk_svc_${"A".repeat(32)}`), 401, "invalid_api_key");
  const read = await ok(await app.request("/api/v1/tools/scribe"));
  assert.equal(read.userReviews.aggregate.count, 1);
  close();
});

Deno.test("every bad input is a 4xx problem with a stable code, and nothing is stored", async () => {
  const { app, post, close } = await reviewApp();
  const cases: [string, unknown, number, string][] = [
    [T, {}, 400, "missing_parameter"],
    [T, { title: "x" }, 400, "missing_parameter"],
    [T, { rating: 0 }, 400, "invalid_parameter"],
    [T, { rating: 6 }, 400, "invalid_parameter"],
    [T, { rating: 3.5 }, 400, "invalid_parameter"],
    [T, { rating: "5" }, 400, "invalid_parameter"],
    [T, { rating: null }, 400, "invalid_parameter"],
    [T, { rating: 5, title: "t".repeat(121) }, 400, "invalid_parameter"],
    [T, { rating: 5, text: "x".repeat(2001) }, 400, "invalid_parameter"],
    [T, { rating: 5, text: "🙂".repeat(2001) }, 400, "invalid_parameter"],
    [T, { rating: 5, title: 7 }, 400, "invalid_parameter"],
    [T, { rating: 5, worked: true }, 400, "invalid_parameter"],
    [T, { rating: 5, extra: 1 }, 400, "invalid_parameter"],
    [T, [], 400, "invalid_parameter"],
    [T, "null", 400, "missing_parameter"],
    [T, "{", 400, "invalid_parameter"],
    [S, { rating: 5, worked: "yes" }, 400, "invalid_parameter"],
    [S, { rating: 5, client: "emacs" }, 400, "invalid_parameter"],
    [S, { rating: 5, version: "" }, 400, "invalid_parameter"],
    [S, { rating: 5, version: "1".repeat(101) }, 400, "invalid_parameter"],
    ["/tools/nope/reviews", { rating: 5 }, 404, "not_found"],
    ["/servers/io.github.nobody/none/reviews", { rating: 5 }, 404, "not_found"],
    [T, JSON.stringify({ rating: 5, text: "x".repeat(20_000) }), 413, "payload_too_large"],
  ];
  for (const [path, body, status, code] of cases) {
    const res = await post(path, body);
    const text = await res.text();
    assert.equal(res.status, status, `${path} ${JSON.stringify(body).slice(0, 80)}: ${text}`);
    assert.equal(JSON.parse(text).code, code, `${JSON.stringify(body).slice(0, 80)}`);
  }
  // Exactly at the limits is fine: 2,000 characters even where each is two UTF-16 units.
  await ok(await post(T, { rating: 5, title: "t".repeat(120), text: "🙂".repeat(2000) }));
  const details = await ok(await app.request("/api/v1/tools/scribe"));
  assert.equal(details.userReviews.aggregate.count, 1, "only the valid review was stored");
  close();
});

Deno.test("a body that is not JSON gets 415; text is stored and answered as text", async () => {
  const { app, pro, withKey, post, close } = await reviewApp();
  await problem(
    await app.request(
      `/api/v1${T}`,
      withKey(pro, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }),
    ),
    415,
    "unsupported_media_type",
  );
  const html = '<script>alert(1)</script> <a href="https://x.example">x</a> https://y.example';
  const saved = await ok(await post(T, { rating: 1, title: "<b>bold</b>", text: html }));
  assert.equal(saved.review.text, html);
  assert.equal(saved.review.title, "<b>bold</b>");
  // Control and bidirectional characters are dropped, line ends normalised, blank runs cut.
  const cleaned = await ok(
    await post(T, { rating: 1, title: "  A\ntitle\u202e ", text: "a\r\n\r\n\r\n\r\nb\u0007  " }),
  );
  assert.equal(cleaned.review.title, "A title");
  assert.equal(cleaned.review.text, "a\n\nb");
  const blank = await ok(await post(T, { rating: 1, title: "   ", text: "\n\n" }));
  assert.deepEqual([blank.review.title, blank.review.text], [null, null]);
  close();
});

Deno.test("writes count as requests, and a key may write 20 reviews per UTC day", async () => {
  let now = new Date("2026-11-22T23:59:00Z");
  const { app, pro, post, key, close } = await reviewApp({ clock: () => now, writesPerDay: 3 });
  const first = await post(T, { rating: 1 });
  assert.ok(first.headers.get("ratelimit"), "counted: rate-limit headers");
  await first.body?.cancel();
  await ok(await post(T, { rating: 2 }));
  await ok(await post("/tools/notetaker/reviews", { rating: 2 }));
  const over = await problem(await post(T, { rating: 3 }), 429, "rate_limited");
  assert.equal(over.limit, 3);
  assert.equal(over.retryAfter, 60);
  const res = await post(T, { rating: 3 });
  assert.equal(res.headers.get("retry-after"), "60");
  await res.body?.cancel();
  // Another key has its own limit; the next UTC day this one may write again.
  await ok(await post(T, { rating: 4 }, await key()));
  now = new Date("2026-11-23T00:00:01Z");
  await ok(await post(T, { rating: 5 }, pro));
  const details = await ok(await app.request("/api/v1/tools/scribe"));
  assert.deepEqual(details.userReviews.aggregate.distribution, {
    "1": 0,
    "2": 0,
    "3": 0,
    "4": 1,
    "5": 1,
  });
  close();
});

Deno.test("GET /export/reviews streams visible reviews as NDJSON for bulk-export tiers only", async () => {
  const { app, store, post, key, withKey, close } = await reviewApp();
  const a = await ok(await post(T, { rating: 4, text: "kept" }));
  const b = await ok(await post(S, { rating: 2, worked: false }));
  await store.setHidden(b.review.id, true);
  const enterprise = await key("enterprise", "Bulk");
  const res = await app.request("/api/v1/export/reviews", withKey(enterprise));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/x-ndjson");
  const lines = (await res.text()).trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines, [{
    kind: "tool",
    entryId: a.entry.entryId,
    key: "scribe",
    ...a.review,
  }]);
  assert.equal("keyId" in lines[0], false, "authors are not exported");
  const gz = await app.request(
    "/api/v1/export/reviews",
    withKey(enterprise, { headers: { "accept-encoding": "gzip" } }),
  );
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  await gz.body?.cancel();
  await problem(
    await app.request("/api/v1/export/reviews", withKey(await key())),
    403,
    "entitlement_required",
  );
  close();
});

Deno.test("200 concurrent POSTs from 200 keys to one server give exact aggregates over HTTP", async () => {
  const { app, post, key, close } = await reviewApp();
  const keys = await Promise.all(Array.from({ length: 200 }, (_, i) => key("pro", `c${i}`)));
  const answers = await Promise.all(
    keys.map((k, i) => post(S, { rating: i % 5 + 1, worked: i % 2 === 0 }, k)),
  );
  assert.deepEqual([...new Set(answers.map((r) => r.status))], [200]);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  const details = await ok(await app.request("/api/v1/servers/io.github.acme/postgres"));
  assert.deepEqual(details.userReviews.aggregate, {
    count: 200,
    mean: 3,
    distribution: { "1": 40, "2": 40, "3": 40, "4": 40, "5": 40 },
    worked: { yes: 100, of: 200 },
  });
  const search = await ok(await app.request("/api/v1/servers?q=postgres"));
  assert.deepEqual(search.results[0].rating, { mean: 3, count: 200 });
  close();
});
