import { cidrContains, normalizeAddress } from '../cidr';
import { allowsPort, parseAllowlistEntry, type AllowlistEntry } from './allowlist-entry';
import { blockedRangeOf } from './blocked-ranges';

// Which destinations outbound deliveries may reach. Public unicast addresses are reached on any port.
// Anything else (loopback, private, link-local ...) only through an allow list entry (OUTBOUND_ALLOWLIST,
// already validated by the config) naming the host, or a block holding the address, and the port: a
// listed host name may resolve to any address (an operator's relay on a private network).
export class OutboundPolicy {
  private readonly entries: readonly AllowlistEntry[];

  constructor(allowlist: readonly string[]) {
    this.entries = allowlist
      .map((text) => parseAllowlistEntry(text))
      .filter((entry): entry is AllowlistEntry => entry !== null);
  }

  // Why connecting to `address` (resolved for `hostname`) on `port` is refused, or null when it is
  // allowed. The text depends only on the configuration and the destination, never on whether
  // something listens there.
  refusal(hostname: string, address: string, port: number): string | null {
    const blocked = blockedRangeOf(address);
    if (!blocked) return null;
    const normalized = normalizeAddress(address);
    const key = hostKey(hostname);
    const covering = this.entries.filter((entry) =>
      entry.cidr === null ? entry.host === key : normalized !== null && cidrContains(entry.cidr, normalized),
    );
    if (covering.some((entry) => allowsPort(entry, port))) return null;
    const shown = normalized ?? address;
    const via = normalizeAddress(key) === null ? ` (resolved from ${hostname})` : '';
    const what = covering.length > 0 ? `port ${port} of ${shown}${via}` : `${shown}${via}`;
    return `${what} is ${blocked.kind} (${blocked.block}) and not on OUTBOUND_ALLOWLIST`;
  }
}

// URL host names come lowercase, IPv6 literals in brackets, sometimes with the root's trailing dot.
function hostKey(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}
