import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import { setsAnyFence } from '../../../platform/auth/access-fence';
import type { Principal } from '../../../platform/auth/principal';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { findMatchingCidr } from '../../../platform/net/cidr';
import { AccessListErrors } from '../access-lists.errors';
import { AccessListEventTypes } from '../access-lists.events';
import type { AccessListEntryEntity } from '../entries/access-list-entry.entity';
import { entryName, entryPathSegment, toAccessListEntryResponse } from '../entries/access-list-entry.mapper';
import { AccessListEntries, ListOwner } from '../entries/access-list-entries.store';
import type { AccessListEntryRequest } from '../entries/dto/access-list-entry.request';
import type { AccessListEntryResponse } from '../entries/dto/access-list-entry.response';
import { entryKeyFromPath, toEntryInputs } from '../entries/entry-input';
import { assertMayAdd, assertMayRemove, type FenceEditor } from '../entries/fence-rules';

// The calling user's own access list. Only the
// user named by USER-ID may use it; an API key or another user gets ACCESS_LIST_ACCESS_DENIED.
@Injectable()
export class UserAccessListsService {
  constructor(
    private readonly entries: AccessListEntries,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly links: PageLinks,
  ) {}

  async list(
    principal: Principal,
    userId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    return this.envelope(ownerOf(principal, userId), page);
  }

  // GET /users/{userId}/accessList/{entry}: the entry whose address equals the value, never a block that
  // merely contains it; both are named by their canonical block, so equality of blocks is exactly that rule.
  async get(
    principal: Principal,
    userId: string,
    value: string,
    page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    const owner = ownerOf(principal, userId);
    const entry = await this.entries.find(owner, entryKeyFromPath(value));
    if (!entry) throw AccessListErrors.ACCESS_LIST_NOT_FOUND(value, principal.name);
    return this.links.list(page, [this.toResponse(userId, entry)], 1);
  }

  @Transactional()
  async add(
    principal: Principal,
    userId: string,
    requests: AccessListEntryRequest[],
    page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    const owner = ownerOf(principal, userId);
    await this.assertCallerOnList(owner, principal);
    const inputs = toEntryInputs('USER', requests);
    const current = (await this.entries.all(owner)).map((entry) => entry.cidrBlock);
    assertMayAdd(
      editorOf(principal, current),
      current,
      inputs.map((input) => input.cidrBlock),
    );
    const added = await this.entries.addMissing(owner, inputs);
    for (const entry of added) {
      await this.events.publish({
        eventTypeName: AccessListEventTypes.USER_ACCESS_LIST_ENTRY_ADDED,
        subject: { targetUsername: principal.name, accessListEntry: entryName(entry) },
        raw: entry.comment === null ? undefined : { comment: entry.comment },
      });
    }
    if (added.length > 0) await this.credentialChanges.announce(principal.name);
    return this.envelope(owner, page);
  }

  // DELETE /users/{userId}/accessList/{entry}: an entry that admits the caller's current address is never
  // removed, so a user cannot lock itself out (fence-rules.ts).
  @Transactional()
  async remove(principal: Principal, userId: string, value: string): Promise<void> {
    const owner = ownerOf(principal, userId);
    await this.assertCallerOnList(owner, principal);
    const entry = await this.entries.find(owner, entryKeyFromPath(value));
    if (!entry) throw AccessListErrors.ACCESS_LIST_NOT_FOUND(value, principal.name);
    const current = (await this.entries.all(owner)).map((row) => row.cidrBlock);
    assertMayRemove(editorOf(principal, current), current, entry.cidrBlock);
    await this.entries.remove(entry);
    await this.events.publish({
      eventTypeName: AccessListEventTypes.USER_ACCESS_LIST_ENTRY_DELETED,
      subject: { targetUsername: principal.name, accessListEntry: entryName(entry) },
    });
    await this.credentialChanges.announce(principal.name);
  }

  // Product: POST and DELETE must come from an address already on a non-empty list. Authentication
  // refuses such callers already; this re-checks against the list as it is in this transaction.
  private async assertCallerOnList(owner: ListOwner, principal: Principal): Promise<void> {
    const blocks = (await this.entries.all(owner)).map((entry) => entry.cidrBlock);
    if (blocks.length > 0 && !findMatchingCidr(principal.remoteAddress, blocks)) {
      throw CommonErrors.IP_ADDRESS_NOT_ON_ACCESS_LIST(principal.remoteAddress);
    }
  }

  private async envelope(owner: ListOwner, page: PageQuery): Promise<ListEnvelope<AccessListEntryResponse>> {
    const [rows, total] = await this.entries.page(owner, page);
    return this.links.list(
      page,
      rows.map((row) => this.toResponse(owner.id, row)),
      total,
    );
  }

  private toResponse(userId: string, entry: AccessListEntryEntity): AccessListEntryResponse {
    return toAccessListEntryResponse(
      entry,
      this.links.href(`/users/${userId}/accessList/${entryPathSegment(entry)}`),
    );
  }
}

// A user edits only its own list, and stays inside it unless it is a global owner.
function editorOf(principal: Principal, current: string[]): FenceEditor {
  return {
    self: true,
    fence: setsAnyFence(principal) ? [] : current,
    address: principal.remoteAddress,
  };
}

function ownerOf(principal: Principal, userId: string): ListOwner {
  if (principal.kind !== 'USER' || principal.id !== userId)
    throw AccessListErrors.ACCESS_LIST_ACCESS_DENIED(userId);
  return { kind: 'USER', id: userId };
}
