// IP addresses and CIDR blocks for access lists: parsing, one canonical text per value (so that
// equality of stored entries is string equality), and containment. IPv4-mapped IPv6 addresses
// (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 caller) are treated as IPv4.

export type IpFamily = 'ipv4' | 'ipv6';

export interface Cidr {
  family: IpFamily;
  // Network address with the host bits cleared, in canonical text.
  network: string;
  prefix: number;
  // `network/prefix`: the form stored and compared.
  text: string;
}

interface ParsedAddress {
  family: IpFamily;
  bytes: Uint8Array;
}

const IPV4_PART = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_PART}\\.${IPV4_PART}\\.${IPV4_PART}\\.${IPV4_PART}$`);
const HEXTET = /^[0-9a-fA-F]{1,4}$/;

function parseIpv4(text: string): Uint8Array | null {
  const match = IPV4.exec(text);
  return match ? Uint8Array.from(match.slice(1, 5).map(Number)) : null;
}

function parseHextets(parts: string[]): number[] | null {
  const values: number[] = [];
  for (const part of parts) {
    if (!HEXTET.test(part)) return null;
    values.push(parseInt(part, 16));
  }
  return values;
}

function parseIpv6(text: string): Uint8Array | null {
  let body = text;
  let tail: number[] = [];
  // A trailing dotted quad stands for the last two hextets (e.g. ::ffff:192.0.2.1).
  const lastColon = body.lastIndexOf(':');
  if (lastColon >= 0 && body.slice(lastColon + 1).includes('.')) {
    const ipv4 = parseIpv4(body.slice(lastColon + 1));
    if (!ipv4) return null;
    tail = [(ipv4[0] << 8) | ipv4[1], (ipv4[2] << 8) | ipv4[3]];
    body = body.slice(0, lastColon + 1);
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const split = (half: string): string[] => (half === '' ? [] : half.split(':'));
  const head = parseHextets(split(halves[0]));
  const rest = halves.length === 2 ? parseHextets(split(halves[1])) : [];
  if (!head || !rest) return null;
  const explicit = head.length + rest.length + tail.length;
  let hextets: number[];
  if (halves.length === 2) {
    if (explicit > 7) return null;
    hextets = [...head, ...new Array<number>(8 - explicit).fill(0), ...rest, ...tail];
  } else {
    if (explicit !== 8) return null;
    hextets = [...head, ...tail];
  }
  const bytes = new Uint8Array(16);
  hextets.forEach((value, index) => {
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

function isIpv4Mapped(bytes: Uint8Array): boolean {
  return (
    bytes.length === 16 &&
    bytes.slice(0, 10).every((b) => b === 0) &&
    bytes[10] === 0xff &&
    bytes[11] === 0xff
  );
}

function parseAddress(text: string): ParsedAddress | null {
  const trimmed = text.trim();
  const ipv4 = parseIpv4(trimmed);
  if (ipv4) return { family: 'ipv4', bytes: ipv4 };
  if (!trimmed.includes(':')) return null;
  const ipv6 = parseIpv6(trimmed);
  if (!ipv6) return null;
  if (isIpv4Mapped(ipv6)) return { family: 'ipv4', bytes: ipv6.slice(12) };
  return { family: 'ipv6', bytes: ipv6 };
}

// RFC 5952: lowercase, no leading zeros, the longest run (>= 2) of zero hextets written as `::`.
function formatIpv6(bytes: Uint8Array): string {
  const hextets = Array.from({ length: 8 }, (_, i) => (bytes[i * 2] << 8) | bytes[i * 2 + 1]);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (hextets[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && hextets[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = hextets.map((h) => h.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

function format(address: ParsedAddress): string {
  return address.family === 'ipv4' ? Array.from(address.bytes).join('.') : formatIpv6(address.bytes);
}

function maxPrefix(family: IpFamily): number {
  return family === 'ipv4' ? 32 : 128;
}

function mask(bytes: Uint8Array, prefix: number): Uint8Array {
  const masked = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const bits = Math.max(0, Math.min(8, prefix - i * 8));
    masked[i] = bits === 0 ? 0 : bytes[i] & ((0xff << (8 - bits)) & 0xff);
  }
  return masked;
}

// Canonical text of an address, or null when it is not an IPv4 / IPv6 address.
export function normalizeAddress(text: string): string | null {
  const parsed = parseAddress(text);
  return parsed ? format(parsed) : null;
}

// `a.b.c.d/n`, `x:y::z/n`, or a bare address (a block of one). Host bits are cleared, so
// 192.0.2.7/24 and 192.0.2.0/24 are the same block. Null when malformed.
export function parseCidr(text: string): Cidr | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const addressText = slash < 0 ? trimmed : trimmed.slice(0, slash);
  const prefixText = slash < 0 ? undefined : trimmed.slice(slash + 1);
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const raw = addressText.trim();
  const ipv4 = parseIpv4(raw);
  const ipv6 = ipv4 ? null : raw.includes(':') ? parseIpv6(raw) : null;
  if (!ipv4 && !ipv6) return null;
  let family: IpFamily = ipv4 ? 'ipv4' : 'ipv6';
  let bytes = (ipv4 ?? ipv6)!;
  let prefix = prefixText === undefined ? maxPrefix(family) : Number(prefixText);
  if (prefix > maxPrefix(family)) return null;
  if (family === 'ipv6' && isIpv4Mapped(bytes) && prefix >= 96) {
    family = 'ipv4';
    bytes = bytes.slice(12);
    prefix -= 96;
  }
  const network = format({ family, bytes: mask(bytes, prefix) });
  return { family, network, prefix, text: `${network}/${prefix}` };
}

// A block of exactly one address (/32 or /128).
export function isSingleAddress(cidr: Cidr): boolean {
  return cidr.prefix === maxPrefix(cidr.family);
}

export function cidrContains(cidr: Cidr, address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed || parsed.family !== cidr.family) return false;
  const network = parseAddress(cidr.network)!;
  const masked = mask(parsed.bytes, cidr.prefix);
  return masked.every((byte, i) => byte === network.bytes[i]);
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
