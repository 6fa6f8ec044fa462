import { Cidr, isSingleAddress, parseCidr } from '../../../platform/net/cidr';
import { CommonErrors } from '../../../platform/http/error-codes';
import { AccessListErrors } from '../access-lists.errors';
import type { ListOwnerKind } from './access-list-entry.entity';

export interface EntryFields {
  ipAddress?: string | null;
  cidrBlock?: string | null;
  comment?: string | null;
}

// An entry as it will be stored: canonical block, plus the address when it was given as one.
export interface EntryInput {
  cidrBlock: string;
  ipAddress: string | null;
  comment: string | null;
}

function parseOrRefuse(value: string): Cidr {
  const cidr = parseCidr(value);
  if (!cidr) throw AccessListErrors.INVALID_IP_ADDRESS_OR_CIDR_NOTATION(value);
  return cidr;
}

// ipAddress names one address (a /32 or /128 suffix is tolerated); cidrBlock names a block. Both
// together are refused unless they name the same single address, which is what the product's Go
// client sends (`{"ipAddress": "a", "cidrBlock": "a/32"}`). A single address given as cidrBlock stays
// a block on an API key's list, while a user's list
// does not keep the /32 (OM "Add Entries to an Access List").
export function toEntryInput(kind: ListOwnerKind, fields: EntryFields): EntryInput {
  const { ipAddress, cidrBlock } = fields;
  const comment = fields.comment ?? null;
  if (ipAddress == null && cidrBlock == null)
    throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES('ipAddress, cidrBlock');
  const address = ipAddress == null ? undefined : parseOrRefuse(ipAddress);
  if (address && !isSingleAddress(address))
    throw AccessListErrors.INVALID_IP_ADDRESS_OR_CIDR_NOTATION(ipAddress!);
  const block = cidrBlock == null ? undefined : parseOrRefuse(cidrBlock);
  if (address && block && address.text !== block.text) {
    throw AccessListErrors.BAD_ACCESS_LIST_ADD_REQUEST(ipAddress!, cidrBlock!);
  }
  if (address) return { cidrBlock: address.text, ipAddress: address.network, comment };
  const keepAsAddress = kind === 'USER' && isSingleAddress(block!);
  return { cidrBlock: block!.text, ipAddress: keepAsAddress ? block!.network : null, comment };
}

export function toEntryInputs(kind: ListOwnerKind, requests: EntryFields[]): EntryInput[] {
  const seen = new Set<string>();
  return requests.map((fields) => {
    const input = toEntryInput(kind, fields);
    if (seen.has(input.cidrBlock)) {
      throw AccessListErrors.DUPLICATE_ADDRESSES_IN_INPUT(
        fields.ipAddress ?? fields.cidrBlock ?? input.cidrBlock,
      );
    }
    seen.add(input.cidrBlock);
    return input;
  });
}

// The {accessListEntry} path value, already URL-decoded: an address or a block (`%2F` or, from the
// Go client, a raw `/` joined back by the controller). Names the stored block it must equal.
export function entryKeyFromPath(value: string): string {
  return canonicalBlock(value);
}

// An address or a block as stored: the canonical block (a single address as /32 or /128).
export function canonicalBlock(value: string): string {
  return parseOrRefuse(value).text;
}
