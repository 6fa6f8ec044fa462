import ipaddr from 'ipaddr.js';

// IP addresses and CIDR blocks for access lists: parsing, one canonical text per value (so that
// equality of stored entries is string equality), and containment, on ipaddr.js. IPv4-mapped IPv6
// addresses (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 caller) are treated as IPv4.

export type IpFamily = 'ipv4' | 'ipv6';

export interface Cidr {
  family: IpFamily;
  // Network address with the host bits cleared, in canonical text.
  network: string;
  prefix: number;
  // `network/prefix`: the form stored and compared.
  text: string;
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// Dotted decimal only: ipaddr.js's general parser also reads octal, hexadecimal and short forms
// (`0x7f.1`, `127.1`), which an access list must refuse rather than read as another address.
function parseIpv4(text: string): ipaddr.IPv4 | null {
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null;
}

// A trailing dotted quad (`::ffff:192.0.2.1`, `64:ff9b::192.0.2.33`) is rewritten as its two hextets
// first: ipaddr.js reads its parts leniently and turns `::a.b.c.d` into an IPv4-mapped address.
// Zone ids (`fe80::1%eth0`) name an interface, not an address: refused.
function parseIpv6(text: string): ipaddr.IPv6 | null {
  if (text.includes('%')) return null;
  let hextets = text;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const ipv4 = parseIpv4(text.slice(lastColon + 1));
    if (!ipv4) return null;
    const [a, b, c, d] = ipv4.octets;
    hextets = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  return ipaddr.IPv6.isValid(hextets) ? ipaddr.IPv6.parse(hextets) : null;
}

function parseRaw(text: string): Address | null {
  return parseIpv4(text) ?? (text.includes(':') ? parseIpv6(text) : null);
}

function parseAddress(text: string): Address | null {
  const address = parseRaw(text.trim());
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) return address.toIPv4Address();
  return address;
}

// IPv4 dotted decimal; IPv6 as RFC 5952 (lowercase, no leading zeros, the longest run of two or more
// zero hextets written as `::`).
function format(address: Address): string {
  return address instanceof ipaddr.IPv4 ? address.toString() : address.toRFC5952String();
}

function maxPrefix(family: IpFamily): number {
  return family === 'ipv4' ? 32 : 128;
}

function networkOf(address: Address, prefix: number): Address {
  const cidr = `${address.toString()}/${prefix}`;
  return address instanceof ipaddr.IPv4
    ? ipaddr.IPv4.networkAddressFromCIDR(cidr)
    : ipaddr.IPv6.networkAddressFromCIDR(cidr);
}

// Canonical text of an address, or null when it is not an IPv4 / IPv6 address.
// Every authenticated request normalizes its caller's address, and callers are few: the answers are
// kept (a bounded map, emptied when full) instead of parsing the same text with ipaddr.js each time.
const NORMALIZED_CACHE_SIZE = 4096;
const normalized = new Map<string, string | null>();

export function normalizeAddress(text: string): string | null {
  const known = normalized.get(text);
  if (known !== undefined) return known;
  const parsed = parseAddress(text);
  const result = parsed ? format(parsed) : null;
  if (normalized.size >= NORMALIZED_CACHE_SIZE) normalized.clear();
  normalized.set(text, result);
  return result;
}

// `a.b.c.d/n`, `x:y::z/n`, or a bare address (a block of one). Host bits are cleared, so
// 192.0.2.7/24 and 192.0.2.0/24 are the same block. Null when malformed.
export function parseCidr(text: string): Cidr | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const addressText = slash < 0 ? trimmed : trimmed.slice(0, slash);
  const prefixText = slash < 0 ? undefined : trimmed.slice(slash + 1);
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  let address = parseRaw(addressText.trim());
  if (!address) return null;
  let prefix = prefixText === undefined ? maxPrefix(address.kind()) : Number(prefixText);
  if (prefix > maxPrefix(address.kind())) return null;
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && prefix >= 96) {
    address = address.toIPv4Address();
    prefix -= 96;
  }
  const network = format(networkOf(address, prefix));
  return { family: address.kind(), network, prefix, text: `${network}/${prefix}` };
}

// A block of exactly one address (/32 or /128).
export function isSingleAddress(cidr: Cidr): boolean {
  return cidr.prefix === maxPrefix(cidr.family);
}

export function cidrContains(cidr: Cidr, address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed || parsed.kind() !== cidr.family) return false;
  return parsed.match(ipaddr.parse(cidr.network), cidr.prefix);
}

// Every address of `inner` is in `outer` (same family, outer no longer, inner's network inside outer).
export function cidrCovers(outer: Cidr, inner: Cidr): boolean {
  return outer.family === inner.family && outer.prefix <= inner.prefix && cidrContains(outer, inner.network);
}

// The most specific of the blocks (as given) that contains the address, if any.
export function findMatchingCidr(address: string, cidrs: readonly string[]): string | undefined {
  let best: { text: string; prefix: number } | undefined;
  for (const text of cidrs) {
    const cidr = parseCidr(text);
    if (cidr && cidrContains(cidr, address) && (!best || cidr.prefix > best.prefix)) {
      best = { text, prefix: cidr.prefix };
    }
  }
  return best?.text;
}
