import { cidrContains, normalizeAddress, parseCidr, type Cidr } from '../cidr';
import { blockedRangeOf } from './blocked-ranges';

// Which destinations outbound deliveries may reach. The allow list (OUTBOUND_ALLOWLIST, already
// validated by the config) holds host names and CIDR blocks: a listed host name may resolve to any
// address (an operator's relay on a private network); a listed block admits the addresses in it.
export class OutboundPolicy {
  private readonly hostNames: ReadonlySet<string>;
  private readonly blocks: readonly Cidr[];

  constructor(allowlist: readonly string[]) {
    const blocks: Cidr[] = [];
    const hostNames = new Set<string>();
    for (const entry of allowlist) {
      const cidr = parseCidr(entry);
      if (cidr) blocks.push(cidr);
      else hostNames.add(hostKey(entry));
    }
    this.hostNames = hostNames;
    this.blocks = blocks;
  }

  // Why connecting to `address` (resolved for `hostname`) is refused, or null when it is allowed.
  refusal(hostname: string, address: string): string | null {
    if (this.hostNames.has(hostKey(hostname))) return null;
    const normalized = normalizeAddress(address);
    if (normalized !== null && this.blocks.some((block) => cidrContains(block, normalized))) return null;
    const blocked = blockedRangeOf(address);
    if (!blocked) return null;
    const shown = normalized ?? address;
    const via = normalizeAddress(hostKey(hostname)) === null ? ` (resolved from ${hostname})` : '';
    return `${shown}${via} is ${blocked.kind} (${blocked.block}) and not on OUTBOUND_ALLOWLIST`;
  }
}

// URL host names come lowercase, IPv6 literals in brackets, sometimes with the root's trailing dot.
function hostKey(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}
