import { BlockList, isIPv4, isIPv6 } from 'node:net';

// The socket reports IPv4 callers on a dual-stack listener as ::ffff:a.b.c.d.
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

// Returns the first CIDR block (as stored) that contains the address, if any.
export function findMatchingCidr(address: string, cidrs: string[]): string | undefined {
  const normalized = normalizeAddress(address);
  const family = isIPv4(normalized) ? 'ipv4' : isIPv6(normalized) ? 'ipv6' : undefined;
  if (!family) return undefined;
  for (const cidr of cidrs) {
    const [base, prefixText] = cidr.split('/');
    const baseNormalized = normalizeAddress(base);
    const baseFamily = isIPv4(baseNormalized) ? 'ipv4' : isIPv6(baseNormalized) ? 'ipv6' : undefined;
    if (baseFamily !== family) continue;
    const prefix = prefixText === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefixText);
    const list = new BlockList();
    list.addSubnet(baseNormalized, prefix, family);
    if (list.check(normalized, family)) return cidr;
  }
  return undefined;
}
