/** The bucket a client address is counted in by per-address limits. */

const DOTTED_TAIL = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv6 address's eight groups (lowercase, no leading zeros), or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) is the last two groups.
  const v4 = DOTTED_TAIL.exec(address);
  const pair = (hi: string, lo: string) => ((Number(hi) << 8) | Number(lo)).toString(16);
  const text = v4 ? `${address.slice(0, v4.index)}${pair(v4[1]!, v4[2]!)}:${pair(v4[3]!, v4[4]!)}` : address;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16).toString(16));
}

/**
 * IPv4 clients are counted by their address, IPv6 clients by their /64: one subscriber usually holds a whole /64
 * and can take a new address in it at will, so counting each address would let them dodge any limit. An IPv4-mapped
 * IPv6 address counts as its IPv4 address; anything unreadable is its own bucket.
 */
export function addressBucket(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!plain.includes(":")) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  if (groups.slice(0, 5).every((g) => g === "0") && groups[5] === "ffff") {
    const [hi, lo] = [Number.parseInt(groups[6]!, 16), Number.parseInt(groups[7]!, 16)];
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}
