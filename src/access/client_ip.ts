/**
 * The client address a free-tier request is counted under.
 *
 * The socket's remote address is used, unless `TRUST_PROXY` lists the proxies in front of the
 * service: then `X-Forwarded-For` is read from the right, skipping trusted proxies, and the first
 * address that is not a trusted proxy is the client ("rightmost untrusted hop"). Every hop must be
 * an IP address (a port after it, as some proxies append, is dropped: `1.2.3.4:5678`,
 * `[2001:db8::1]:443`); at the first hop that is not one, the walk stops and the last address
 * read (a trusted proxy, or the socket peer) is counted instead, so a made-up value never mints a
 * fresh subject. An IPv6 client is counted per /64 network, since one host usually owns a whole
 * /64.
 *
 * Addresses and ranges are parsed and matched by Node's `net.isIP` and `net.BlockList` (built into
 * Deno's `node:net`): IPv4 in dotted-quad form only, IPv6 in any RFC 4291 text form, IPv4-mapped
 * IPv6 (`::ffff:10.0.0.1`) matching IPv4 ranges.
 *
 * @module
 */
import { BlockList, isIP } from "node:net";

/** Trusted proxies from `TRUST_PROXY`. */
export interface TrustedProxies {
  /** True when `TRUST_PROXY` is set at all. */
  enabled: boolean;
  /** True when `address` (normalized or not) is one of the trusted proxies. */
  matches(address: string): boolean;
}

/** Names `TRUST_PROXY` accepts besides addresses and ranges. */
const _NAMED: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
};

/**
 * Parses `TRUST_PROXY`: a comma-separated list of IPv4 or IPv6 addresses and CIDR ranges
 * (`127.0.0.1,10.0.0.0/8,::1,fd00::/8`); `loopback` stands for 127.0.0.0/8 and ::1.
 *
 * @param value the variable (undefined or blank: no proxy is trusted)
 * @returns the matcher
 * @throws {RangeError} naming the first entry that is not an address, a range or `loopback`
 *   (startup stops rather than silently trusting less, or more, than meant)
 * @example
 * ```ts
 * parseTrustedProxies("10.0.0.0/8, fd00::/8").matches("fd00::5"); // true
 * parseTrustedProxies("10.0.0.0/33"); // throws RangeError
 * ```
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const entries = (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const list = new BlockList();
  const items = entries.flatMap((entry) => _NAMED[entry.toLowerCase()] ?? [entry]);
  for (const item of items) {
    const slash = item.indexOf("/");
    const address = slash === -1 ? item : item.slice(0, slash);
    const family = isIP(address);
    const bits = slash === -1 ? undefined : item.slice(slash + 1);
    const max = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > max))
    ) {
      throw new RangeError(
        `Cannot parse TRUST_PROXY entry "${item}": expected an IPv4 or IPv6 address, a CIDR ` +
          `range such as 10.0.0.0/8 or fd00::/8, or "loopback"`,
      );
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return {
    enabled: entries.length > 0,
    matches(address: string) {
      const a = normalizeIp(address);
      const family = isIP(a);
      return family !== 0 && list.check(a, family === 6 ? "ipv6" : "ipv4");
    },
  };
}

/** Lowercases an address, drops `[]`, and unwraps IPv4-mapped IPv6 (`::ffff:1.2.3.4` → `1.2.3.4`). */
export function normalizeIp(address: string): string {
  let a = address.trim().toLowerCase();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  if (a.startsWith("::ffff:") && isIP(a.slice(7)) === 4) return a.slice(7);
  return a;
}

/**
 * Reads one `X-Forwarded-For` hop: an IP address, optionally with a port (`1.2.3.4:80`,
 * `[2001:db8::1]:443`).
 *
 * @param hop the hop as written
 * @returns the normalized address, or `undefined` when the hop is not an address
 */
export function parseHop(hop: string): string | undefined {
  let h = hop.trim();
  if (h.startsWith("[")) {
    const close = h.indexOf("]");
    if (close === -1) return undefined;
    const rest = h.slice(close + 1);
    if (rest !== "" && !/^:\d{1,5}$/.test(rest)) return undefined;
    h = h.slice(1, close);
  } else if (h.indexOf(":") === h.lastIndexOf(":") && h.includes(":")) {
    // One colon: an IPv4 address with a port.
    const colon = h.indexOf(":");
    if (!/^\d{1,5}$/.test(h.slice(colon + 1))) return undefined;
    h = h.slice(0, colon);
  }
  const a = normalizeIp(h);
  return isIP(a) === 0 ? undefined : a;
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
  // Expand `::` to get the first four groups (a zone id, `%eth0`, is dropped).
  const bare = a.split("%")[0]!;
  const [head = "", tail = ""] = bare.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const groups = bare.includes("::")
    ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts]
    : bare.split(":");
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
  const hops = forwardedFor.split(",");
  let last = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!.trim();
    if (hop === "") continue;
    const address = parseHop(hop);
    // Not an address: nothing left of it can be believed; count the last hop that was.
    if (address === undefined) return last;
    if (!trusted.matches(address)) return address;
    last = address;
  }
  return last;
}
