import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { AccessListEntryEntity } from './access-list-entry.entity';
import type { AccessListEntryResponse } from './dto/access-list-entry.response';

// The entry's name in paths and audit events: its address, or its block.
export function entryName(entry: Pick<AccessListEntryEntity, 'ipAddress' | 'cidrBlock'>): string {
  return entry.ipAddress ?? entry.cidrBlock;
}

// Hrefs carry a block's slash as %2F; colons of IPv6 are legal in a segment.
export function entryPathSegment(entry: Pick<AccessListEntryEntity, 'ipAddress' | 'cidrBlock'>): string {
  return entryName(entry).replace('/', '%2F');
}

// API key entries always print ipAddress (null for a block, example 1); user entries print it only
// for a single address (example 8).
export function toAccessListEntryResponse(
  entry: AccessListEntryEntity,
  selfHref: string,
): AccessListEntryResponse {
  const showAddress = entry.ownerKind === 'API_KEY' || entry.ipAddress !== null;
  return {
    cidrBlock: entry.cidrBlock,
    count: entry.count,
    created: toIsoSeconds(entry.created),
    ...(showAddress ? { ipAddress: entry.ipAddress } : {}),
    ...(entry.lastUsed ? { lastUsed: toIsoSeconds(entry.lastUsed) } : {}),
    ...(entry.lastUsedAddress ? { lastUsedAddress: entry.lastUsedAddress } : {}),
    links: [{ href: selfHref, rel: 'self' }],
  };
}
