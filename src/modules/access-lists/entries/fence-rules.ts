import { fenceCovers, FenceErrors } from '../../../platform/auth/access-fence';
import { cidrContains, findMatchingCidr, parseCidr } from '../../../platform/net/cidr';
import { AccessListErrors } from '../access-lists.errors';

// Who changes a list, seen from the list: the holder itself (a key or user editing its own list) or
// another caller. A list is a fence: an empty list admits every address. A change never opens a list
// to an address outside `fence`: for the holder, its own current list; for another caller, that
// caller's own access list (a fenced credential never makes another credential less fenced than
// itself). Empty when the editor may open the list to any address: it has no list of its own, or it
// is a global owner.
export interface FenceEditor {
  self: boolean;
  fence: readonly string[];
  // The address the request comes from.
  address: string;
}

function refusal(editor: FenceEditor, what: string): Error {
  return editor.self
    ? AccessListErrors.CANNOT_WIDEN_OWN_ACCESS_LIST(what)
    : FenceErrors.WIDER_THAN_CALLER_ACCESS_LIST(`add ${what} to the access list`, editor.fence.join(', '));
}

// Each added block must already be admitted by the list (it then opens nothing) or lie inside the
// editor's fence; adding to an empty list only narrows it from "every address".
export function assertMayAdd(
  editor: FenceEditor,
  current: readonly string[],
  added: readonly string[],
): void {
  if (editor.fence.length === 0 || current.length === 0) return;
  for (const text of added) {
    const block = parseCidr(text)?.text ?? text;
    if (!fenceCovers(current, block) && !fenceCovers(editor.fence, block)) throw refusal(editor, block);
  }
}

// A holder never removes an entry that admits the address it calls from (it would lock itself out,
// or, as the last entry, open the list to every address); a fenced editor never leaves a list empty.
export function assertMayRemove(editor: FenceEditor, current: readonly string[], removed: string): void {
  const block = parseCidr(removed);
  if (editor.self && block && cidrContains(block, editor.address)) {
    throw AccessListErrors.CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST(editor.address);
  }
  const remaining = current.filter((text) => parseCidr(text)?.text !== block?.text);
  if (editor.fence.length > 0 && remaining.length === 0) {
    if (editor.self)
      throw AccessListErrors.CANNOT_WIDEN_OWN_ACCESS_LIST(`removing ${removed} leaves it empty`);
    throw FenceErrors.WIDER_THAN_CALLER_ACCESS_LIST(
      `remove ${removed}, the last entry of the access list`,
      editor.fence.join(', '),
    );
  }
}

// A list that fences the caller itself (the global list, for a global key) never ends a change non-empty
// yet without the address the caller calls from: the caller would lock itself out.
export function assertStillAdmitsCaller(address: string, after: readonly string[]): void {
  if (after.length > 0 && !findMatchingCidr(address, after)) {
    throw AccessListErrors.CANNOT_REMOVE_CALLER_FROM_ACCESS_LIST(address);
  }
}
