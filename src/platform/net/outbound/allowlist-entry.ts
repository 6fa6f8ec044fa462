import { normalizeAddress, parseCidr, type Cidr } from '../cidr';

// One OUTBOUND_ALLOWLIST entry: a host name, an address or a CIDR block, and the ports it opens.
// `relay.internal` (no port) opens 80 and 443 only, `relay.internal:8080` that port, and
// `relay.internal:*` every port. IPv6 addresses and blocks take brackets when a port follows
// (`[fd00::/8]:8443`). Naming ports keeps an allowed private address from becoming a port scanner.
export interface AllowlistEntry {
  // A CIDR block (an address is a block of one), or null when the entry is a host name.
  cidr: Cidr | null;
  // Lowercase, without the root's trailing dot; the block's canonical text for an address.
  host: string;
  ports: readonly number[] | 'any';
  // Canonical text: what the configuration holds and the policy reads back.
  text: string;
}

export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443];

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function splitPort(entry: string): { host: string; port: string | undefined } | null {
  if (entry.startsWith('[')) {
    const close = entry.indexOf(']');
    if (close < 0) return null;
    const rest = entry.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) return null;
    return { host: entry.slice(1, close), port: rest === '' ? undefined : rest.slice(1) };
  }
  const colons = entry.split(':').length - 1;
  // More than one colon: an IPv6 address or block, which needs brackets to carry a port.
  if (colons !== 1) return { host: entry, port: undefined };
  const colon = entry.indexOf(':');
  return { host: entry.slice(0, colon), port: entry.slice(colon + 1) };
}

function parsePorts(text: string | undefined): readonly number[] | 'any' | null {
  if (text === undefined) return DEFAULT_ALLOWED_PORTS;
  if (text === '*') return 'any';
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? [port] : null;
}

// Null when the entry is not `host`, `host:port` or `host:*`.
export function parseAllowlistEntry(raw: string): AllowlistEntry | null {
  const split = splitPort(raw.trim().toLowerCase());
  if (!split) return null;
  const ports = parsePorts(split.port);
  if (ports === null) return null;
  const bare = split.host.replace(/\.$/, '');
  const cidr = parseCidr(bare);
  let host: string;
  if (cidr) host = cidr.text;
  // A dotted all-numeric name is a mistyped address, not a host name.
  else if (normalizeAddress(bare) === null && HOST_NAME.test(bare) && !/^[\d.]+$/.test(bare)) host = bare;
  else return null;
  const portText = ports === 'any' ? '*' : ports === DEFAULT_ALLOWED_PORTS ? undefined : String(ports[0]);
  const shownHost = portText !== undefined && host.includes(':') ? `[${host}]` : host;
  return {
    cidr,
    host,
    ports,
    text: portText === undefined ? shownHost : `${shownHost}:${portText}`,
  };
}

export function allowsPort(entry: AllowlistEntry, port: number): boolean {
  return entry.ports === 'any' || entry.ports.includes(port);
}
