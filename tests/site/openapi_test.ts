import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { openAccess } from "../../src/access/access.ts";
import { createApp } from "../../src/http/app.ts";
import type { JsonObject } from "../../src/http/openapi.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const ctx = await fixtureContext();
const kvDir = await tempDir({ prefix: "toolatlas-openapi-kv-" });
const access = await openAccess({ kvPath: `${kvDir}/kv.sqlite3` });
const app = createApp({ ctx, access });
const enterprise = (await access.keys.create("enterprise", "openapi test")).secret;
const asEnterprise = { headers: { authorization: `Bearer ${enterprise}` } };
/** A review request with the enterprise key (a JSON body for POST). */
const reviewInit = (method: "POST" | "DELETE", body?: unknown): RequestInit => ({
  method,
  headers: {
    authorization: `Bearer ${enterprise}`,
    ...(body !== undefined && { "content-type": "application/json" }),
  },
  ...(body !== undefined && { body: JSON.stringify(body) }),
});
// Reviews the DELETE examples remove (the POST examples' reviews stay for the export).
for (
  const path of ["/tools/notetaker/reviews", "/servers/com.example/remote-search/reviews"]
) await (await app.request(`/api/v1${path}`, reviewInit("POST", { rating: 3 }))).body?.cancel();

const res = await app.request("/api/v1/openapi.json");
const doc = await res.json() as JsonObject;
const paths = doc.paths as Record<string, Record<string, JsonObject>>;
const schemas = (doc.components as JsonObject).schemas as Record<string, JsonObject>;

/** `#/components/schemas/X` → `#/$defs/X`, so one wrapper schema holds every component. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map((
      [k, v],
    ) => [
      k,
      k === "$ref" && typeof v === "string"
        ? v.replace("#/components/schemas/", "#/$defs/")
        : rebase(v),
    ]),
  );
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
const defs = rebase(schemas) as Record<string, JsonObject>;

/** Validates a value against a component schema; returns ajv's errors (empty when valid). */
function check(component: string, value: unknown): string[] {
  const validate = ajv.compile({ $defs: defs, $ref: `#/$defs/${component}` });
  return validate(value)
    ? []
    : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
}

/**
 * Hono pattern → OpenAPI path: `/api/v1/tools/:slug` → `/tools/{slug}`; registry routes keep
 * their `/v0.1` root (their path items say so with `servers`).
 */
function registered(): Set<string> {
  const out = new Set<string>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue;
    const path = r.path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
    if (path.startsWith("/api/v1/")) out.add(`${r.method} ${path.slice("/api/v1".length)}`);
    else if (path.startsWith("/v0.1/")) out.add(`${r.method} ${path}`);
  }
  return out;
}

Deno.test("GET /api/v1/openapi.json is a valid OpenAPI 3.1 document", async () => {
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.equal(doc.openapi, "3.1.0");
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  assert.deepEqual(result, { valid: true }, JSON.stringify(result.errors, null, 1));
  assert.equal(validator.version, "3.1");
});

Deno.test("openapi: every schema object is valid JSON Schema 2020-12 and every $ref resolves", () => {
  const seen: string[] = [];
  const visit = (value: unknown, where: string) => {
    if (Array.isArray(value)) return value.forEach((v, i) => visit(v, `${where}/${i}`));
    if (value === null || typeof value !== "object") return;
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") {
        const target = v.replace(/^#\//, "").split("/").reduce<unknown>(
          (o, key) => (o as Record<string, unknown> | undefined)?.[key],
          doc,
        );
        assert.ok(target !== undefined, `${where}: ${v} resolves`);
      }
      if (k === "schema" && typeof v === "object") {
        assert.ok(ajv.validateSchema(rebase(v) as JsonObject), `${where}/schema`);
        seen.push(where);
      }
      visit(v, `${where}/${k}`);
    }
  };
  visit(doc, "#");
  for (const [name, schema] of Object.entries(defs)) {
    assert.ok(ajv.validateSchema(schema), `${name}: ${ajv.errorsText(ajv.errors)}`);
    check(name, null); // compiles with every $ref resolved
  }
  assert.ok(seen.length > 50);
});

Deno.test("openapi: documents exactly the /api/v1 and /v0.1 routes the app registers", () => {
  const documented = new Set(
    Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).filter((k) => k !== "servers").map((method) =>
        `${method.toUpperCase()} ${path}`
      )
    ),
  );
  const routes = registered();
  assert.ok(routes.size >= 16, [...routes].join(", "));
  const undocumented = [...routes].filter((r) => !documented.has(r));
  const missing = [...documented].filter((r) => !routes.has(r));
  assert.deepEqual(undocumented, [], "registered but not documented");
  assert.deepEqual(missing, [], "documented but not registered");
  for (
    const required of [
      "GET /tools",
      "GET /tools/{slug}",
      "POST /tools/recommend",
      "GET /tools/compare",
      "GET /tools/alternatives",
      "GET /categories",
      "GET /taxonomy",
      "GET /servers",
      "GET /servers/filters",
      "GET /servers/compare",
      "GET /servers/{name}",
      "GET /servers/{name}/install-config",
      "POST /tools/{slug}/reviews",
      "DELETE /tools/{slug}/reviews",
      "POST /servers/{name}/reviews",
      "DELETE /servers/{name}/reviews",
      "GET /export/reviews",
      "GET /llm-prices",
      "GET /health",
      "GET /usage",
      "GET /openapi.json",
      "GET /v0.1/servers",
      "GET /v0.1/servers/{serverName}/versions",
      "GET /v0.1/servers/{serverName}/versions/{version}",
      "POST /v0.1/publish",
    ]
  ) assert.ok(documented.has(required), required);
  for (const [path, item] of Object.entries(paths)) {
    const servers = (item as JsonObject).servers;
    if (path.startsWith("/v0.1/")) assert.deepEqual(servers, [{ url: "http://test.local" }], path);
    else assert.equal(servers, undefined, path);
  }
});

Deno.test("openapi: parameters come from the input schemas, with the bearer scheme and errors", () => {
  const search = paths["/tools"]!.get!;
  const params = search.parameters as JsonObject[];
  assert.deepEqual(params.map((p) => p.name), [
    "q",
    "slug",
    "category",
    "pricing",
    "facetId",
    "subcategoryId",
    "leafId",
    "mode",
    "safe",
    "sort",
    "limit",
    "offset",
  ]);
  const safe = params.find((p) => p.name === "safe")!;
  assert.deepEqual((safe.schema as JsonObject).enum, ["on", "off"]);
  const servers = paths["/servers"]!.get!.parameters as JsonObject[];
  const collapse = servers.find((p) => p.name === "collapse")!;
  assert.deepEqual(collapse.schema, { default: true, type: "boolean" });
  const limit = params.find((p) => p.name === "limit")!;
  assert.deepEqual(limit.schema, { default: 10, type: "integer", minimum: 1, maximum: 50 });
  const compare = (paths["/tools/compare"]!.get!.parameters as JsonObject[])[0]!;
  assert.equal(compare.style, "form");
  assert.equal(compare.explode, false);
  assert.equal(compare.required, true);
  const install = paths["/servers/{name}/install-config"]!.get!.parameters as JsonObject[];
  assert.deepEqual(install.map((p) => [p.name, p.in, p.required]), [
    ["name", "path", true],
    ["client", "query", false],
  ]);
  const body = paths["/tools/recommend"]!.post!.requestBody as JsonObject;
  const bodySchema = (body.content as JsonObject)["application/json"] as JsonObject;
  assert.deepEqual((bodySchema.schema as JsonObject).required, ["query"]);
  const responses = paths["/tools/recommend"]!.post!.responses as JsonObject;
  for (const status of ["200", "400", "401", "405", "413", "415", "429", "500", "503"]) {
    assert.ok(status in responses, status);
  }
  const components = doc.components as JsonObject;
  assert.deepEqual((components.securitySchemes as JsonObject).bearerAuth, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "sk_svc_ + 32 base62 characters",
    description:
      "API key of a paid tier. Without a key, requests count against the free tier per IP.",
  });
  assert.deepEqual(doc.security, [{}, { bearerAuth: [] }]);
  const problem = schemas.ProblemDetails!;
  assert.deepEqual(problem.required, ["type", "title", "status", "detail", "code"]);
  const rateLimited = (components.responses as JsonObject).RateLimited as JsonObject;
  assert.ok("Retry-After" in (rateLimited.headers as JsonObject));
  const unavailable = (components.responses as JsonObject).QuotaUnavailable as JsonObject;
  assert.ok("Retry-After" in (unavailable.headers as JsonObject));
  const ok = (paths["/tools"]!.get!.responses as Record<string, JsonObject>)["200"]!;
  assert.deepEqual(Object.keys(ok.headers as JsonObject), [
    "RateLimit-Policy",
    "RateLimit",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
  ]);
});

/** One real request per operation; the answer must match the documented 200 schema. */
const EXAMPLES: Record<string, { path: string; init?: RequestInit }> = {
  "GET /tools": { path: "/tools?q=transcription" },
  "POST /tools/recommend": {
    path: "/tools/recommend",
    init: {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "meeting notes" }),
    },
  },
  "GET /tools/compare": { path: "/tools/compare?slugs=scribe,notetaker" },
  "GET /tools/alternatives": { path: "/tools/alternatives?slug=scribe" },
  "GET /tools/{slug}": { path: "/tools/scribe" },
  "GET /categories": { path: "/categories" },
  "GET /taxonomy": { path: "/taxonomy" },
  "GET /servers": { path: "/servers?q=postgres" },
  "GET /servers/filters": { path: "/servers/filters" },
  "GET /servers/compare": {
    path: "/servers/compare?names=io.github.acme/postgres,com.example/remote-search",
  },
  "GET /servers/{name}": { path: "/servers/io.github.acme/postgres" },
  "GET /servers/{name}/install-config": { path: "/servers/io.github.acme/postgres/install-config" },
  "GET /llm-prices": { path: "/llm-prices" },
  "GET /health": { path: "/health" },
  "GET /usage": { path: "/usage" },
  "GET /openapi.json": { path: "/openapi.json" },
  "POST /tools/{slug}/reviews": {
    path: "/tools/scribe/reviews",
    init: reviewInit("POST", { rating: 4, title: "Good", text: "Clear notes" }),
  },
  "DELETE /tools/{slug}/reviews": {
    path: "/tools/notetaker/reviews",
    init: reviewInit("DELETE"),
  },
  "POST /servers/{name}/reviews": {
    path: "/servers/io.github.acme/postgres/reviews",
    init: reviewInit("POST", { rating: 5, worked: true, client: "cursor", version: "1.2.0" }),
  },
  "DELETE /servers/{name}/reviews": {
    path: "/servers/com.example/remote-search/reviews",
    init: reviewInit("DELETE"),
  },
  "GET /export/reviews": { path: "/export/reviews", init: asEnterprise },
  "GET /export/{kind}": { path: "/export/servers", init: asEnterprise },
  "GET /export/snapshot": { path: "/export/snapshot", init: asEnterprise },
  "GET /v0.1/servers": { path: "/v0.1/servers?limit=2&version=latest" },
  "GET /v0.1/servers/{serverName}/versions": {
    path: "/v0.1/servers/io.github.acme%2Fpostgres/versions",
  },
  "GET /v0.1/servers/{serverName}/versions/{version}": {
    path: "/v0.1/servers/io.github.acme%2Fpostgres/versions/latest",
  },
  "GET /v0.1/ping": { path: "/v0.1/ping" },
  "GET /v0.1/health": { path: "/v0.1/health" },
  "GET /v0.1/version": { path: "/v0.1/version" },
  "PUT /v0.1/servers/{serverName}/versions/{version}": {
    path: "/v0.1/servers/io.github.acme%2Fpostgres/versions/1.2.0",
    init: { method: "PUT", headers: { "content-type": "application/json" }, body: "{}" },
  },
  "DELETE /v0.1/servers/{serverName}/versions/{version}": {
    path: "/v0.1/servers/io.github.acme%2Fpostgres/versions/1.2.0",
    init: { method: "DELETE" },
  },
  "PATCH /v0.1/servers/{serverName}/versions/{version}/status": {
    path: "/v0.1/servers/io.github.acme%2Fpostgres/versions/1.2.0/status",
    init: { method: "PATCH", body: '{"status":"deprecated"}' },
  },
  "PATCH /v0.1/servers/{serverName}/status": {
    path: "/v0.1/servers/io.github.acme%2Fpostgres/status",
    init: { method: "PATCH", body: '{"status":"deprecated"}' },
  },
  "POST /v0.1/publish": {
    path: "/v0.1/publish",
    init: { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
  },
};

/** Where a documented path is served: under `/api/v1`, or at the root when it says so. */
function served(_path: string, item: JsonObject): string {
  return Array.isArray(item.servers) ? "" : "/api/v1";
}

Deno.test("openapi: every operation's real answer matches its documented schema", async () => {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === "servers") continue;
      const key = `${method.toUpperCase()} ${path}`;
      const example = EXAMPLES[key];
      assert.ok(example, `an example request for ${key}`);
      const r = await app.request(`${served(path, item)}${example.path}`, example.init);
      const ok = (op.responses as Record<string, JsonObject>)["200"];
      if (ok === undefined) {
        // Documented as not implemented: a 501 problem document, nothing else.
        const body = await r.json();
        assert.deepEqual(Object.keys(op.responses as JsonObject).includes("501"), true, key);
        assert.equal(r.status, 501, `${key}: ${JSON.stringify(body)}`);
        assert.equal(r.headers.get("content-type"), "application/problem+json");
        assert.deepEqual(check("ProblemDetails", body), [], key);
        assert.equal(body.code, "not_implemented");
        continue;
      }
      const [media, spec] = Object.entries(ok.content as JsonObject)[0]! as [string, JsonObject];
      assert.equal(r.headers.get("content-type")?.split(";")[0], media, key);
      if (media === "application/gzip") {
        // An archive: gzip magic bytes.
        const bytes = new Uint8Array(await r.arrayBuffer());
        assert.equal(r.status, 200, key);
        assert.deepEqual([bytes[0], bytes[1]], [0x1f, 0x8b], key);
      } else {
        const text = await r.text();
        assert.equal(r.status, 200, `${key}: ${text.slice(0, 300)}`);
        const component = String((spec.schema as JsonObject).$ref).split("/").pop()!;
        const bodies = media === "application/x-ndjson"
          ? text.trim().split("\n").map((line) => JSON.parse(line))
          : [JSON.parse(text)];
        assert.ok(bodies.length > 0, key);
        for (const body of bodies) assert.deepEqual(check(component, body), [], key);
      }
      for (const header of Object.keys(ok.headers as JsonObject)) {
        assert.ok(r.headers.has(header), `${key}: ${header}`);
      }
    }
  }
});

Deno.test("openapi: error answers match the ProblemDetails schema", async () => {
  for (
    const [path, init] of [
      ["/tools/nope", undefined],
      ["/tools?limit=0", undefined],
      ["/tools/recommend", {
        method: "POST",
        body: "x",
        headers: { "content-type": "text/plain" },
      }],
    ] as const
  ) {
    const r = await app.request(`/api/v1${path}`, init);
    assert.equal(r.headers.get("content-type"), "application/problem+json");
    assert.deepEqual(check("ProblemDetails", await r.json()), [], path);
  }
});

Deno.test("openapi: the document is cached and says where the API lives", () => {
  assert.deepEqual(doc.servers, [{ url: "http://test.local/api/v1" }]);
  access.kv.close();
});
