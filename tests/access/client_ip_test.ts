import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import {
  clientAddress,
  parseHop,
  parseTrustedProxies,
  subjectIdOf,
} from "../../src/access/client_ip.ts";
import { loadConfig } from "../../src/config.ts";

Deno.test("TRUST_PROXY takes IPv4 and IPv6 addresses and CIDR ranges, and loopback", () => {
  const trusted = parseTrustedProxies(" 10.0.0.0/8, 192.0.2.7 ,fd00::/8, 2001:db8::1, loopback ");
  assert.equal(trusted.enabled, true);
  for (const a of ["10.1.2.3", "192.0.2.7", "fd12:3456::1", "2001:db8::1", "127.0.0.9", "::1"]) {
    assert.equal(trusted.matches(a), true, a);
  }
  for (const a of ["11.0.0.1", "192.0.2.8", "fe80::1", "2001:db8::2", "::2", "not-an-ip"]) {
    assert.equal(trusted.matches(a), false, a);
  }
  // IPv4-mapped IPv6 peers match IPv4 ranges; brackets are accepted.
  assert.equal(trusted.matches("::ffff:10.9.9.9"), true);
  assert.equal(trusted.matches("[fd00::1]"), true);
  assert.equal(parseTrustedProxies("").enabled, false);
  assert.equal(parseTrustedProxies(undefined).matches("127.0.0.1"), false);
});

const BAD_TRUST_PROXY_ENTRIES = [
  "10.0.0.0/33",
  "fd00::/129",
  "10.0.0.0/",
  "10.0.0.0/8/2",
  "1.2.3",
  "127.1",
  "example.com",
  "10.0.0.1:80",
  "fd00::/-1",
  "localhost",
];

Deno.test("a bad TRUST_PROXY entry is refused by name and stops startup", async () => {
  for (const bad of BAD_TRUST_PROXY_ENTRIES) {
    assert.throws(
      () => parseTrustedProxies(`10.0.0.1, ${bad}`),
      (e: Error) => e instanceof RangeError && e.message.includes(`"${bad}"`),
      bad,
    );
    assert.throws(
      () => loadConfig({ TRUST_PROXY: bad }),
      (e: Error) => e.message.startsWith("Cannot read configuration: TRUST_PROXY entry"),
      bad,
    );
  }
  await assert.rejects(
    openAccess({ kvPath: ":memory:", trustProxy: "10.0.0.0/8,fd00::/200" }),
    RangeError,
  );
});

Deno.test("X-Forwarded-For hops must be addresses; ports are dropped", () => {
  assert.equal(parseHop(" 203.0.113.5 "), "203.0.113.5");
  assert.equal(parseHop("203.0.113.5:5678"), "203.0.113.5");
  assert.equal(parseHop("[2001:db8::7]:443"), "2001:db8::7");
  assert.equal(parseHop("2001:DB8::7"), "2001:db8::7");
  assert.equal(parseHop("::ffff:198.51.100.2"), "198.51.100.2");
  for (const bad of ["unknown", "1.2.3.4:port", "1.2.3.4:123456", "[::1", "[::1]x", "", "1.2.3"]) {
    assert.equal(parseHop(bad), undefined, bad);
  }
  const trusted = parseTrustedProxies("10.0.0.0/8, fd00::/8");
  // The rightmost untrusted hop, with or without a port, is the client.
  assert.equal(clientAddress("10.0.0.1", "198.51.100.1, 203.0.113.5:5678", trusted), "203.0.113.5");
  assert.equal(clientAddress("10.0.0.1", "203.0.113.5:1, 203.0.113.5:2", trusted), "203.0.113.5");
  assert.equal(clientAddress("fd00::1", "2001:db8:1:2::9, fd00::2", trusted), "2001:db8:1:2::9");
  // A made-up hop stops the walk: the last trusted address is counted, never the garbage.
  assert.equal(clientAddress("10.0.0.1", "203.0.113.5, garbage", trusted), "10.0.0.1");
  assert.equal(clientAddress("10.0.0.1", "garbage, 10.0.0.2", trusted), "10.0.0.2");
  assert.equal(clientAddress("10.0.0.1", " , ,", trusted), "10.0.0.1");
  // Every hop trusted: the leftmost one.
  assert.equal(clientAddress("10.0.0.1", "10.0.0.3, 10.0.0.2", trusted), "10.0.0.3");
  // A peer that is not a trusted proxy is never overridden.
  assert.equal(clientAddress("192.0.2.50", "203.0.113.5", trusted), "192.0.2.50");
  assert.equal(subjectIdOf("2001:db8:1:2::9"), "2001:db8:1:2::/64");
});
