import { defineErrors } from '../http/api-error';
import { cidrCovers, parseCidr } from '../net/cidr';
import type { Principal } from './principal';
import { hasGlobalRole } from './role-hierarchy';

// An access list is a fence: an empty list admits every address, a non-empty one only its blocks.
// A fenced credential never brings about a credential that admits an address its own list does not:
// a key or user it creates gets a copy of its list, and it cannot open another's list wider than its
// own, nor set the password of a user whose list is wider. Only a global owner, with nothing above it
// to do it instead, sets any fence from behind its own.

export const FenceErrors = defineErrors({
  // Not a product name: the product documents no code for this rule.
  WIDER_THAN_CALLER_ACCESS_LIST: {
    status: 403,
    detail: 'The caller cannot {0}: it would admit addresses outside the caller access list ({1}).',
  },
});

// Does one block of `fence` hold every address of `block`? (An unreadable block is held by nothing.)
export function fenceCovers(fence: readonly string[], block: string): boolean {
  const inner = parseCidr(block);
  if (!inner) return false;
  return fence.some((text) => {
    const outer = parseCidr(text);
    return outer !== null && cidrCovers(outer, inner);
  });
}

// Does `list` admit only addresses that `fence` admits?
export function isWithinFence(list: readonly string[], fence: readonly string[]): boolean {
  if (fence.length === 0) return true;
  return list.length > 0 && list.every((block) => fenceCovers(fence, block));
}

export function setsAnyFence(principal: Principal): boolean {
  return hasGlobalRole(principal.roles, ['GLOBAL_OWNER']);
}

// The fence the caller's changes must stay inside; empty when it has none or may set any fence.
export function fenceOf(principal: Principal): readonly string[] {
  return setsAnyFence(principal) ? [] : principal.accessList;
}

// Refuses, naming `what`, a change that would leave a credential with `after` as its list when that
// admits an address the caller's fence does not.
export function assertWithinCallerFence(principal: Principal, after: readonly string[], what: string): void {
  const fence = fenceOf(principal);
  if (!isWithinFence(after, fence)) throw FenceErrors.WIDER_THAN_CALLER_ACCESS_LIST(what, fence.join(', '));
}
