/**
 * The client address a free-tier request is counted under.
 *
 * The socket's remote address is used, unless `TRUST_PROXY` lists the proxies in front of the
 * service: then `X-Forwarded-For` is read from the right, skipping trusted proxies, and the first
 * address that is not a trusted proxy is the client ("rightmost untrusted hop"). An IPv6 client is
 * counted per /64 network, since one host usually owns a whole /64.
 *
 * @module
 */

/** Trusted proxies: exact addresses and IPv4 CIDR ranges, from `TRUST_PROXY`. */
export interface TrustedProxies {
  /** True when `TRUST_PROXY` is set at all. */
  enabled: boolean;
  matches(address: string): boolean;
}

function _ipv4ToInt(ip: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return undefined;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return undefined;
  return ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
}

/**
 * Parses `TRUST_PROXY`: a comma-separated list of addresses and IPv4 CIDR ranges
 * (`127.0.0.1,10.0.0.0/8,::1`); `loopback` stands for 127.0.0.0/8 and ::1.
 *
 * @param value the variable (undefined or empty: no proxy is trusted)
 * @returns the matcher
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const items = (value ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean)
    .flatMap((s) => s === "loopback" ? ["127.0.0.0/8", "::1"] : [s]);
  const exact = new Set(items.filter((s) => !s.includes("/")));
  const ranges = items.filter((s) => s.includes("/")).flatMap((s) => {
    const [base, bits] = s.split("/");
    const n = _ipv4ToInt(base ?? "");
    const b = Number(bits);
    if (n === undefined || !(b >= 0 && b <= 32)) return [];
    const mask = b === 0 ? 0 : (~0 << (32 - b)) >>> 0;
    return [{ net: (n & mask) >>> 0, mask }];
  });
  return {
    enabled: items.length > 0,
    matches(address: string) {
      const a = normalizeIp(address);
      if (exact.has(a)) return true;
      const n = _ipv4ToInt(a);
      return n !== undefined && ranges.some((r) => ((n & r.mask) >>> 0) === r.net);
    },
  };
}

/** Lowercases an address and unwraps IPv4-mapped IPv6 (`::ffff:1.2.3.4` → `1.2.3.4`). */
export function normalizeIp(address: string): string {
  const a = address.trim().toLowerCase().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(a);
  return mapped ? mapped[1]! : a;
}

/**
 * The counting id of an address: IPv4 as is, IPv6 as its /64 network (`2001:db8:1:2::/64`).
 *
 * @param address an IP address
 * @returns the id
 */
export function subjectIdOf(address: string): string {
  const a = normalizeIp(address);
  if (!a.includes(":")) return a;
  // Expand `::` to get the first four groups.
  const [head = "", tail = ""] = a.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const groups = a.includes("::")
    ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts]
    : a.split(":");
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * The client address of a request.
 *
 * @param socketAddress the TCP peer address
 * @param forwardedFor the `X-Forwarded-For` header, if any
 * @param trusted the trusted proxies
 * @returns the address to count (normalized)
 */
export function clientAddress(
  socketAddress: string,
  forwardedFor: string | null,
  trusted: TrustedProxies,
): string {
  const peer = normalizeIp(socketAddress);
  if (!trusted.enabled || !forwardedFor || !trusted.matches(peer)) return peer;
  const hops = forwardedFor.split(",").map((h) => normalizeIp(h)).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trusted.matches(hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? peer;
}
