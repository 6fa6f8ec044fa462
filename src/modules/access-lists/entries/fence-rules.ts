import { cidrContains, cidrCovers, parseCidr, type Cidr } from '../../../platform/net/cidr';
import { AccessListErrors } from '../access-lists.errors';

// Who changes a list, seen from the list: the holder itself (a key or user editing its own list) or
// another caller, and whether that caller may loosen the list (Organization Owner of the key's
// organization, or a global role). A list is a fence: an empty list admits every address.
export interface FenceEditor {
  self: boolean;
  mayLoosen: boolean;
  // The address the request comes from.
  address: string;
}

function blocks(texts: readonly string[]): Cidr[] {
  return texts.flatMap((text) => {
    const cidr = parseCidr(text);
    return cidr ? [cidr] : [];
  });
}

// A holder that may not loosen its own list only narrows it: each added block must lie inside a
// block already on a non-empty list (adding to an empty list narrows it from "every address").
export function assertMayAdd(editor: FenceEditor, current: readonly string[], added: readonly string[]): void {
  if (!editor.self || editor.mayLoosen || current.length === 0) return;
  const fence = blocks(current);
  for (const block of blocks(added)) {
    if (!fence.some((outer) => cidrCovers(outer, block))) {
      throw AccessListErrors.CANNOT_WIDEN_OWN_ACCESS_LIST(block.text);
    }
  }
}

// A holder never removes an entry that admits the address it calls from (it would lock itself out,
// or, as the last entry, open the list to every address); one that may not loosen its list never
// leaves it empty either.
export function assertMayRemove(editor: FenceEditor, current: readonly string[], removed: string): void {
  if (!editor.self) return;
  const block = parseCidr(removed);
  if (block && cidrContains(block, editor.address)) {
    throw AccessListErrors.CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST(editor.address);
  }
  const remaining = current.filter((text) => parseCidr(text)?.text !== block?.text);
  if (!editor.mayLoosen && remaining.length === 0) {
    throw AccessListErrors.CANNOT_WIDEN_OWN_ACCESS_LIST(`removing ${removed} leaves it empty`);
  }
}
