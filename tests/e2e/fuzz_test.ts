/**
 * Seeded fuzzing of every REST route (the review writes too), the site and every MCP tool on the
 * real catalog, over a real
 * socket (`Deno.serve` and `fetch`, so what the HTTP layer does with our answers is tested too),
 * with access control on: at least 10,000 bad inputs (wrong types, out-of-range and huge values,
 * Unicode and control characters, FTS and SQL syntax, broken percent-encoding, broken JSON and
 * JSON-RPC, wrong methods and content types, path tricks, junk credentials and forwarding headers).
 * No answer may be a 5xx (except 501 `not_implemented`, the MCP Registry API's documented answer
 * to its write routes), and no request may fail in transport.
 *
 * The routes and parameters come from the OpenAPI route table and the MCP tool definitions, so a
 * new route or parameter is fuzzed without touching this file. Same seed, same inputs: a failure
 * prints the request that caused it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { openAccess } from "../../src/access/access.ts";
import { createApp } from "../../src/http/app.ts";
import { MCP_OPERATIONS } from "../../src/catalog/operations.ts";
import { API_OPERATIONS } from "../../src/http/openapi.ts";
import { realCatalog } from "../_helpers.ts";
import { MCP_HEADERS } from "../_mcp.ts";
import { mulberry32 } from "../_sample.ts";

/** Requests sent: at least 10,000, enough to reach every route and tool with many bad inputs. */
const COUNT = 10_000;
/** Requests in flight at once. */
const CONCURRENCY = 4;
const SEED = 0x15_15;

const random = mulberry32(SEED);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

/** Hostile strings: types, sizes, Unicode, syntax of the layers below. */
const STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "9".repeat(40),
  "0x1f",
  "1.5",
  "true",
  "null",
  "[]",
  "{}",
  '"',
  "'",
  "\\",
  "*",
  '" OR 1=1 --',
  "'; DROP TABLE tools; --",
  "NEAR(a b, 1)",
  "a AND OR NOT b",
  "^name:* -x",
  '"unterminated',
  "col:value",
  "../../etc/passwd",
  "..%2f..%2f",
  "%00",
  "%",
  "%zz",
  "%E2%82",
  "%ED%A0%80",
  "\u0000",
  "\u202etxt.exe",
  "e\u0301\u0301\u0301\u0301",
  "🙂🙃🙂🙃",
  "日本語の検索",
  "مرحبا",
  "\ud800",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "a".repeat(501),
  "word ".repeat(400),
  "\t\n\r",
  "io.github.owner/repo",
  "sk_svc_" + "A".repeat(32),
  "chatgpt",
  "postgres",
];

function hostile(): string {
  const r = random();
  if (r < 0.7) return pick(STRINGS);
  if (r < 0.85) return pick(STRINGS) + pick(STRINGS);
  // Random code points, including controls and astral ones.
  return Array.from({ length: 1 + int(40) }, () => {
    const cp = pick([int(0x80), int(0x800), int(0xd7ff), 0x10000 + int(0xfffff)]);
    return String.fromCodePoint(cp);
  }).join("");
}

/** A JSON value of a random type (the wrong one, most of the time). */
function hostileValue(depth = 0): unknown {
  switch (int(depth > 2 ? 6 : 9)) {
    case 0:
      return hostile();
    case 1:
      return pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 51, 1001, 100000]);
    case 2:
      return pick([true, false, null]);
    case 3:
      return "x".repeat(int(5000));
    case 4:
      return pick(["chatgpt", "io.github.github/github-mcp-server", "anthropic", "build"]);
    case 5:
      return int(60);
    case 6:
      return Array.from({ length: int(8) }, () => hostileValue(depth + 1));
    case 7:
      return Object.fromEntries(
        Array.from({ length: int(4) }, () => [hostile().slice(0, 20), hostileValue(depth + 1)]),
      );
    default:
      return [hostileValue(depth + 1)];
  }
}

/** The property names of a zod object schema (JSON Schema `properties`). */
function fields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** For /mcp requests that must come back as JSON (a valid JSON-RPC request). */
  expectJson?: boolean;
}

/** Percent-encodes (a lone surrogate, which cannot be encoded, becomes U+FFFD). */
const enc = (s: string) => encodeURIComponent(s.toWellFormed());

/** A query string of hostile values for some of `names` (and a stray name now and then). */
function query(names: string[]): string {
  const parts: string[] = [];
  for (const name of names) {
    if (random() < 0.5) continue;
    const raw = random() < 0.15;
    const value = hostile();
    parts.push(`${enc(name)}=${raw ? value.replace(/[#&\s]/g, "") : enc(value)}`);
    // Repeated parameters.
    if (random() < 0.05) parts.push(`${enc(name)}=${enc(hostile())}`);
  }
  if (random() < 0.2) parts.push(`${enc(hostile().slice(0, 30))}=${enc(hostile())}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** A path segment: hostile text, percent-encoded or written raw (only safe characters raw). */
function segment(): string {
  const r = random();
  if (r < 0.15) return pick(["..", "%2e%2e", "%2F", "..%2f..%2fetc%2fpasswd", "%00", ".", "%"]);
  if (r < 0.25) return "a".repeat(1 + int(3000));
  return enc(hostile()) || "x";
}

const HEADER_JUNK = [
  ["authorization", "Bearer"],
  ["authorization", "Bearer sk_svc_short"],
  ["authorization", `Bearer sk_svc_${"b".repeat(32)}`],
  ["authorization", "Basic dXNlcjpwYXNz"],
  ["authorization", `Bearer ${"x".repeat(4000)}`],
  ["x-forwarded-for", "1.2.3.4:5678, garbage, [::1]:80"],
  ["x-forwarded-for", ", ".repeat(2000)],
  ["if-none-match", `W/"x", ${" ".repeat(3000)}*`],
  ["accept", "*/*"],
  ["origin", "http://evil.example"],
  ["content-type", "application/json; charset=latin1"],
] as const;

function junkHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (random() < 0.15) {
    const [k, v] = pick(HEADER_JUNK);
    headers[k] = v;
  }
  return headers;
}

const REST_GETS = API_OPERATIONS.filter((op) => op.method === "get");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function restProbe(): Probe {
  const op = pick(REST_GETS);
  const names = fields(op.input);
  const path = `${op.base ?? "/api/v1"}${op.path}`.replace(/\{[A-Za-z]+\}/g, () => segment());
  const method = random() < 0.1 ? pick(METHODS) : "GET";
  return { method, path: `${path}${query(names)}`, headers: junkHeaders() };
}

function recommendProbe(): Probe {
  const r = random();
  const headers: Record<string, string> = {
    "content-type": pick([
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/vnd.api+json",
      "",
    ]),
    ...junkHeaders(),
  };
  let body: string;
  if (r < 0.3) body = JSON.stringify({ query: hostileValue(), limit: hostileValue() });
  else if (r < 0.45) body = JSON.stringify(hostileValue());
  else if (r < 0.6) body = pick(['{"query":', "{", "[", '{"query":"x"', "nul", "\ufeff{}", ""]);
  else if (r < 0.7) body = "[".repeat(1 + int(15_000)) + "]".repeat(int(15_000));
  else if (r < 0.8) body = JSON.stringify({ query: "x".repeat(int(20_000)) });
  else body = JSON.stringify({ query: hostile(), [hostile().slice(0, 10)]: hostileValue() });
  return {
    method: random() < 0.9 ? "POST" : pick(METHODS),
    path: "/api/v1/tools/recommend",
    headers,
    body,
  };
}

/** API keys the review probes write with (each may write 20 reviews a day), set by the test. */
const REVIEW_KEYS: string[] = [];

/**
 * A review write or delete: a real or hostile entry, a valid key most of the time (else none or
 * junk), a body of hostile values in the review's fields, or broken JSON.
 */
function reviewProbe(): Probe {
  const r = random();
  const server = random() < 0.5;
  const entry = r < 0.5
    ? (server ? "io.github.github/github-mcp-server" : pick(["chatgpt", "claude", "midjourney"]))
    : server
    ? `${segment()}/${segment()}`
    : segment();
  const headers: Record<string, string> = {
    "content-type": pick(["application/json", "application/json", "text/plain", ""]),
    ...junkHeaders(),
  };
  if (!headers.authorization && REVIEW_KEYS.length > 0 && random() < 0.7) {
    headers.authorization = `Bearer ${pick(REVIEW_KEYS)}`;
  }
  const fieldsOf = () => {
    const body: Record<string, unknown> = {};
    for (const name of ["rating", "title", "text", "worked", "client", "version"]) {
      if (random() < 0.6) {
        body[name] = name === "rating" && random() < 0.5 ? 1 + int(5) : hostileValue();
      }
    }
    if (random() < 0.1) body[hostile().slice(0, 15)] = hostileValue();
    return body;
  };
  const b = random();
  const body = b < 0.75
    ? JSON.stringify(fieldsOf())
    : b < 0.9
    ? pick(['{"rating":', "{", "[]", "null", '"x"', "\u0000", ""])
    : JSON.stringify({ rating: 5, text: "x".repeat(int(30_000)) });
  return {
    method: random() < 0.75 ? "POST" : random() < 0.8 ? "DELETE" : pick(METHODS),
    path: `/api/v1/${server ? "servers" : "tools"}/${entry}/reviews`,
    headers,
    body,
  };
}

function siteProbe(): Probe {
  const r = random();
  const names = ["q", "kind", "category", "pricing", "hosting", "taxon", "page", "cursor"];
  let path: string;
  if (r < 0.45) path = `/${query(names)}`;
  else if (r < 0.6) path = `/tools/${segment()}`;
  else if (r < 0.75) path = `/servers/${segment()}/${segment()}`;
  else if (r < 0.82) path = `/taxonomy/${segment()}`;
  else if (r < 0.9) path = `/llm-prices${query(["sort", "dir", "provider", "q"])}`;
  else if (r < 0.95) path = `/static/${segment()}`;
  else path = `/${segment()}/${segment()}`;
  return { method: random() < 0.9 ? "GET" : pick(METHODS), path, headers: junkHeaders() };
}

let _id = 0;

function mcpProbe(): Probe {
  const r = random();
  const op = pick(MCP_OPERATIONS);
  const call = (args: unknown) => ({
    jsonrpc: "2.0",
    id: ++_id,
    method: "tools/call",
    params: { name: op.mcpTool!.name, arguments: args },
  });
  const argsOf = () => {
    const args: Record<string, unknown> = {};
    for (const name of fields(op.input)) if (random() < 0.6) args[name] = hostileValue();
    if (random() < 0.1) args[hostile().slice(0, 15)] = hostileValue();
    return args;
  };
  let body: string;
  let expectJson = false;
  if (r < 0.55) {
    body = JSON.stringify(call(random() < 0.95 ? argsOf() : hostileValue()));
    expectJson = true;
  } else if (r < 0.65) {
    body = JSON.stringify({
      jsonrpc: "2.0",
      id: ++_id,
      method: "tools/call",
      params: { name: hostile(), arguments: {} },
    });
    expectJson = true;
  } else if (r < 0.75) {
    body = JSON.stringify({
      jsonrpc: pick(["2.0", "1.0", 2, null]),
      id: pick([++_id, null, {}, "x", -1]),
      method: pick(["tools/list", "ping", "initialize", "resources/list", hostile(), 7]),
      params: hostileValue(),
    });
  } else if (r < 0.85) {
    body = JSON.stringify(Array.from({ length: 1 + int(25) }, () => call(argsOf())));
  } else if (r < 0.93) {
    body = pick(["{", "[]", "null", "[1,2", '{"jsonrpc":"2.0"}', "\u0000", hostile()]);
  } else {
    body = "[".repeat(int(20_000));
  }
  const headers: Record<string, string> = random() < 0.9
    ? { ...MCP_HEADERS, ...junkHeaders() }
    : { "content-type": pick(["text/plain", "application/json"]), ...junkHeaders() };
  if (headers.origin || headers.authorization || headers["content-type"] !== "application/json") {
    expectJson = false;
  }
  return {
    method: random() < 0.93 ? "POST" : pick(METHODS),
    path: random() < 0.97 ? "/mcp" : `/mcp/${segment()}`,
    headers,
    body,
    expectJson,
  };
}

function probe(): Probe {
  const r = random();
  if (r < 0.3) return restProbe();
  if (r < 0.37) return reviewProbe();
  if (r < 0.45) return recommendProbe();
  if (r < 0.65) return siteProbe();
  return mcpProbe();
}

Deno.test(`fuzz: ${COUNT} seeded bad inputs over every REST route, the site and every MCP tool answer below 500, with no transport failure`, async () => {
  const real = await realCatalog();
  const access = await openAccess({
    kvPath: ":memory:",
    tiersJson: JSON.stringify({ free: { perDay: 1_000_000, perMonth: 10_000_000 } }),
    trustProxy: "loopback",
    // The limiter is tested on its own; here it must not hide the routes behind 429s.
    fairUse: { burst: 1_000_000, ratePerSecond: 1_000_000 },
  });
  for (let i = 0; i < 10; i++) {
    REVIEW_KEYS.push((await access.keys.create("pro", `Fuzz ${i}`)).secret);
  }
  const app = createApp({ ctx: real.ctx, access });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const probes = Array.from({ length: COUNT }, probe);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const routes = new Set<string>();
  const tools = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const p = probes[next++]!;
      const what = `${p.method} ${p.path.slice(0, 200)} ${
        JSON.stringify(p.headers).slice(0, 200)
      } ${(p.body ?? "").slice(0, 200)}`;
      try {
        const res = await fetch(`${origin}${p.path}`, {
          method: p.method,
          headers: p.headers,
          ...(p.body !== undefined && !["GET", "HEAD"].includes(p.method) && { body: p.body }),
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // 501 is the registry's documented answer to its write routes (read-only), not a fault.
        const notImplemented = res.status === 501 && JSON.parse(text).code === "not_implemented";
        if (res.status >= 500 && !notImplemented) {
          failures.push(`${res.status} ← ${what}\n  ${text.slice(0, 300)}`);
        }
        if (p.expectJson && p.method === "POST" && p.path === "/mcp" && res.status === 200) {
          const message = JSON.parse(text);
          assert.ok(message.result || message.error, what);
          if (message.result?.content) {
            tools.add(JSON.parse(p.body!).params.name);
          }
        }
        routes.add(p.path.split("?")[0]!.split("/").slice(0, 4).join("/"));
      } catch (error) {
        failures.push(`transport: ${String(error).slice(0, 200)} ← ${what}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await server.shutdown();
    access.kv.close();
  }
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failures`);
  assert.equal([...statuses.values()].reduce((a, b) => a + b, 0), COUNT);
  // Every tool was reached with arguments and answered with a result.
  assert.deepEqual([...tools].sort(), MCP_OPERATIONS.map((op) => op.mcpTool!.name).sort());
  // Mostly refusals, as bad input should get: a 4xx with a stable code.
  const clientErrors = [...statuses].filter(([s]) => s >= 400 && s < 500)
    .reduce((a, [, n]) => a + n, 0);
  assert.ok(clientErrors > COUNT / 3, JSON.stringify([...statuses]));
  assert.ok(routes.size > 20, [...routes].join(" "));
});
