import { cidrContains, normalizeAddress, parseCidr, type Cidr } from '../cidr';

// Destinations an outbound delivery must not reach unless the allow list names them: anything that is
// not a public unicast address (SSRF). IPv4-mapped IPv6 addresses are judged as the IPv4 address they
// carry (cidr.ts maps them), so ::ffff:127.0.0.1 is loopback. First match wins: specific blocks first.
const RANGES: ReadonlyArray<readonly [string, string]> = [
  ['169.254.169.254/32', 'cloud metadata'],
  ['255.255.255.255/32', 'broadcast'],
  ['0.0.0.0/8', 'unspecified ("this network")'],
  ['10.0.0.0/8', 'private (RFC 1918)'],
  ['100.64.0.0/10', 'shared address space (CGNAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private (RFC 1918)'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private (RFC 1918)'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::/96', 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0:0/96', 'IPv4-translated'],
  ['64:ff9b::/96', 'NAT64'],
  ['64:ff9b:1::/48', 'NAT64 (local use)'],
  ['100::/64', 'discard-only'],
  ['2001::/32', 'Teredo'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4'],
  ['3fff::/20', 'documentation'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
];

export interface BlockedRange {
  block: string;
  kind: string;
}

const BLOCKED: ReadonlyArray<{ cidr: Cidr; kind: string }> = RANGES.map(([text, kind]) => ({
  cidr: parseCidr(text)!,
  kind,
}));

// Only 2000::/3 holds global unicast IPv6 addresses; everything outside it is refused too.
const GLOBAL_UNICAST_V6 = parseCidr('2000::/3')!;

// The blocked range an address falls in, or undefined when it is a public unicast address.
export function blockedRangeOf(address: string): BlockedRange | undefined {
  const normalized = normalizeAddress(address);
  if (normalized === null) return { block: address, kind: 'not an IP address' };
  const hit = BLOCKED.find(({ cidr }) => cidrContains(cidr, normalized));
  if (hit) return { block: hit.cidr.text, kind: hit.kind };
  if (normalized.includes(':') && !cidrContains(GLOBAL_UNICAST_V6, normalized)) {
    return { block: 'outside 2000::/3', kind: 'not global unicast' };
  }
  return undefined;
}
