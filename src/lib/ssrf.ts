// The SSRF guard: the one check for every user-influenced outbound URL.
import { validationError } from "./errors";

export interface GuardOptions {
  /** Sandbox mode: `http://localhost:<port>` and `http://127.0.0.1:<port>` pass, for a local receiver. */
  sandbox: boolean;
  /** Plain http passes where https would (many feeds and media hosts still use it). */
  allowHttp?: boolean;
}

/**
 * The one guard for every user-influenced outbound URL (webhook targets, feeds, media, platform servers
 * and every redirect hop): https only, a public host, no credentials, a path that decodes. Refuses IP
 * literals in every block IANA's special-purpose registries mark not globally reachable (loopback, private,
 * link-local/metadata, CGNAT, documentation, benchmarking…; IPv4 in any spelling: the WHATWG parser turns
 * `2130706433`, `0x7f.1` and `0177.0.0.1` into `127.0.0.1` before the checks), multicast, IPv6 outside the global
 * unicast 2000::/3 and every IPv6 form that embeds an IPv4 address, and names that are not public (`localhost`,
 * `*.local`, `*.internal`, single labels). It only reads the URL: nothing is resolved or connected to. Answers why it refuses
 * (`must be a public https URL (private address)`), or null when the URL may be fetched.
 *
 * Host names are not resolved here (Workers has no resolver); fetches must follow redirects by hand,
 * each hop checked again (`fetchPublic` in src/platforms/http.ts), so an endpoint cannot bounce a
 * request somewhere this guard refused.
 */
export function publicUrlRefusal(raw: string, options: GuardOptions): string | null {
  const scheme = options.allowHttp ? "http(s)" : "https";
  const refuse = (why: string) => `must be a public ${scheme} URL (${why})`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("not a valid URL");
  }
  if (url.username !== "" || url.password !== "") return refuse("credentials in the URL are not allowed");
  if (!decodes(url.pathname)) return refuse("its path has a % escape that does not decode");
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (options.sandbox && url.protocol === "http:" && SANDBOX_HOSTS.has(host)) return null;
  const plainHttp = options.allowHttp && url.protocol === "http:";
  if (url.protocol !== "https:" && !plainHttp) return refuse(`${url.protocol.replace(":", "")} is not allowed`);
  const reason = host.startsWith("[") ? refusedIPv6(host.slice(1, -1)) : refusedHost(host);
  return reason ? refuse(reason) : null;
}

/** The guard for input: the parsed URL, or 400 `validation_error` naming `field`. */
export function assertPublicUrl(raw: string, options: GuardOptions & { field?: string }): URL {
  const why = publicUrlRefusal(raw, options);
  if (why) throw validationError(options.field ?? "url", why);
  return new URL(raw);
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const SANDBOX_HOSTS = new Set(["localhost", "127.0.0.1"]);

/** Names that never point at a public host on the internet. */
const PRIVATE_SUFFIXES = ["localhost", "local", "internal", "localdomain", "home.arpa", "lan", "intranet"];

function refusedHost(host: string): string | null {
  const ipv4 = parseIPv4(host);
  if (ipv4 !== null) return refusedIPv4(ipv4);
  if (!host.includes(".")) return "not a public host name";
  for (const suffix of PRIVATE_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return `.${suffix} is not a public host name`;
  }
  return null;
}

/** A dotted-quad IPv4 address as a 32-bit number, or null. (The URL parser has already normalized other spellings.) */
function parseIPv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

const v4 = (a: number, b: number, c: number, d: number) => ((a * 256 + b) * 256 + c) * 256 + d;

/**
 * [network, prefix length, what it is] for every IPv4 range that is not the public internet: each block of IANA's
 * special-purpose registry whose "Globally Reachable" is False (192.0.0.0/24 whole, its anycast entries too), the
 * deprecated 6to4 relay anycast, and multicast.
 */
const IPV4_REFUSED: [number, number, string][] = [
  [v4(0, 0, 0, 0), 8, "this-network address"],
  [v4(10, 0, 0, 0), 8, "private address"],
  [v4(100, 64, 0, 0), 10, "carrier-grade NAT address"],
  [v4(127, 0, 0, 0), 8, "loopback address"],
  [v4(169, 254, 0, 0), 16, "link-local or metadata address"],
  [v4(172, 16, 0, 0), 12, "private address"],
  [v4(192, 0, 0, 0), 24, "special-purpose address"],
  [v4(192, 0, 2, 0), 24, "documentation address"],
  [v4(192, 88, 99, 0), 24, "relay address"],
  [v4(192, 168, 0, 0), 16, "private address"],
  [v4(198, 18, 0, 0), 15, "benchmarking address"],
  [v4(198, 51, 100, 0), 24, "documentation address"],
  [v4(203, 0, 113, 0), 24, "documentation address"],
  [v4(224, 0, 0, 0), 4, "multicast address"],
  [v4(240, 0, 0, 0), 4, "reserved address"],
];

function refusedIPv4(ip: number): string | null {
  for (const [network, bits, what] of IPV4_REFUSED) {
    const size = 2 ** (32 - bits);
    if (Math.floor(ip / size) === Math.floor(network / size)) return what;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted quad expanded), or null. */
function parseIPv6(text: string): number[] | null {
  let body = text.replace(/%.*$/, "");
  const tail: number[] = [];
  const quad = body.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (quad) {
    const ip = parseIPv4(quad[2]!);
    if (ip === null) return null;
    tail.push(Math.floor(ip / 65536), ip % 65536);
    body = quad[1]!.endsWith("::") ? quad[1]! : quad[1]!.slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - tail.length - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array(Math.max(0, missing)).fill("0"), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return [...all.map((g) => Number.parseInt(g, 16)), ...tail];
}

/** An IPv6 address's eight groups as one 128-bit number. */
const ipv6Number = (groups: readonly number[]) => groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n);

/**
 * [network, prefix length, what it is] for every IPv6 block that is not the public internet, the first that holds
 * naming the reason: each block of IANA's special-purpose registry whose "Globally Reachable" is False (a block is
 * refused whole, protocol anycast entries inside it too), every form that embeds an IPv4 address (which could be a
 * private one), and the deprecated site-local and the multicast blocks.
 */
const IPV6_REFUSED: [string, number, string][] = [
  ["::", 128, "unspecified address"],
  ["::1", 128, "loopback address"],
  ["::ffff:0:0", 96, "IPv4-mapped address"],
  ["::ffff:0:0:0", 96, "IPv4-translated address"],
  ["::", 96, "IPv4-compatible address"],
  ["64:ff9b::", 32, "NAT64 address (embeds IPv4)"],
  ["100::", 64, "discard address"],
  ["100:0:0:1::", 64, "dummy address"],
  ["2001::", 32, "Teredo address (embeds IPv4)"],
  ["2001::", 23, "IETF protocol address (benchmarking, ORCHID, anycast)"],
  ["2001:db8::", 32, "documentation address"],
  ["2002::", 16, "6to4 address (embeds IPv4)"],
  ["3fff::", 20, "documentation address"],
  ["5f00::", 16, "SRv6 segment identifier"],
  ["fc00::", 7, "unique local address"],
  ["fe80::", 10, "link-local address"],
  ["fec0::", 10, "site-local address"],
  ["ff00::", 8, "multicast address"],
];

const IPV6_BLOCKS = IPV6_REFUSED.map(([network, bits, what]) => {
  const shift = BigInt(128 - bits);
  return { prefix: ipv6Number(parseIPv6(network)!) >> shift, shift, what };
});

/** IANA assigns global unicast addresses from 2000::/3 only; the rest of the space is reserved. */
const GLOBAL_UNICAST = { prefix: 1n, shift: 125n };

function refusedIPv6(text: string): string | null {
  const groups = parseIPv6(text);
  if (!groups) return "not a valid IPv6 address";
  const ip = ipv6Number(groups);
  for (const block of IPV6_BLOCKS) if (ip >> block.shift === block.prefix) return block.what;
  if (ip >> GLOBAL_UNICAST.shift !== GLOBAL_UNICAST.prefix) return "not a global unicast address (outside 2000::/3)";
  return null;
}
