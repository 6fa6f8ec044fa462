import { Injectable } from '@nestjs/common';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { isSingleAddress, parseCidr } from '../../../platform/net/cidr';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { IdentityEventTypes } from '../../identity';
import { AccessListEventTypes } from '../access-lists.events';
import type { ListOwnerKind } from '../entries/access-list-entry.entity';
import { entryName } from '../entries/access-list-entry.mapper';
import { AccessListEntries } from '../entries/access-list-entries.store';
import { EntryFields, EntryInput, toEntryInput } from '../entries/entry-input';

// Reacts, inside identity's transaction (suppressErrors: false, no `async` option), to the identity
// events that concern access lists. A failure here rolls identity's change back.
@Injectable()
export class IdentityEventsListener {
  constructor(
    private readonly entries: AccessListEntries,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
  ) {}

  // A key starts behind its creator's fence: a copy of the creating caller's list (none if it has none).
  @OnDomainEvent(IdentityEventTypes.ORG_API_KEY_ADDED, { suppressErrors: false })
  async onApiKeyAdded(event: DomainEventOf<'ORG_API_KEY_ADDED' | 'API_KEY_CREATED'>): Promise<void> {
    const raw = event.raw;
    const publicKey = event.subject?.targetPublicKey;
    if (raw.accessList.length === 0 || publicKey === undefined) return;
    const added = await this.entries.addMissing(
      { kind: 'API_KEY', id: raw.apiKeyId },
      distinct('API_KEY', asFields(raw.accessList)),
    );
    for (const entry of added) {
      await this.events.publish({
        eventTypeName: AccessListEventTypes.API_KEY_ACCESS_LIST_ENTRY_ADDED,
        orgId: event.orgId,
        subject: { targetPublicKey: publicKey, accessListEntry: entryName(entry) },
      });
    }
    await this.credentialChanges.announce(publicKey);
  }

  // A global key starts behind its creator's fence as an organization's key does.
  @OnDomainEvent(IdentityEventTypes.API_KEY_CREATED, { suppressErrors: false })
  async onGlobalApiKeyCreated(event: DomainEventOf<'API_KEY_CREATED'>): Promise<void> {
    await this.onApiKeyAdded(event);
  }

  // A deleted key's list goes with it (an organization's key, or a global key with its user).
  @OnDomainEvent(IdentityEventTypes.ORG_API_KEY_DELETED, { suppressErrors: false })
  async onApiKeyDeleted(event: DomainEventOf<'ORG_API_KEY_DELETED' | 'API_KEY_DELETED'>): Promise<void> {
    const { apiKeyId } = event.raw;
    await this.entries.removeAll({ kind: 'API_KEY', id: apiKeyId });
  }

  @OnDomainEvent(IdentityEventTypes.API_KEY_DELETED, { suppressErrors: false })
  async onGlobalApiKeyDeleted(event: DomainEventOf<'API_KEY_DELETED'>): Promise<void> {
    await this.onApiKeyDeleted(event);
  }

  // A deleted user's list goes with it (a new user of the same name starts with an empty list).
  @OnDomainEvent(IdentityEventTypes.USER_DELETED, { suppressErrors: false })
  async onUserDeleted(event: DomainEventOf<'USER_DELETED'>): Promise<void> {
    const { targetUserId } = event.raw;
    await this.entries.removeAll({ kind: 'USER', id: targetUserId });
  }

  // POST /unauth/users?accessList=...: the addresses go on the first user's list (product docs) and
  // on the global key's list, the key being what the caller goes on to use: bootstrap scripts pass
  // `whitelist=<their address>` precisely so that the returned key works from there. POST /users: the
  // creating caller's list goes on the new user's.
  @OnDomainEvent(IdentityEventTypes.USER_CREATED, { suppressErrors: false })
  async onUserCreated(event: DomainEventOf<'USER_CREATED'>): Promise<void> {
    const raw = event.raw;
    if (raw.accessList.length === 0) return;
    const forUser = await this.entries.addMissing(
      { kind: 'USER', id: raw.userId },
      distinct('USER', asFields(raw.accessList)),
    );
    for (const entry of forUser) {
      await this.events.publish({
        eventTypeName: AccessListEventTypes.USER_ACCESS_LIST_ENTRY_ADDED,
        subject: { targetUsername: raw.username, accessListEntry: entryName(entry) },
      });
    }
    await this.credentialChanges.announce(raw.username);
    if (raw.apiKeyId === null) return;
    const forKey = await this.entries.addMissing(
      { kind: 'API_KEY', id: raw.apiKeyId },
      distinct('API_KEY', asFields(raw.accessList)),
    );
    for (const entry of forKey) {
      await this.events.publish({
        eventTypeName: AccessListEventTypes.API_KEY_ACCESS_LIST_ENTRY_ADDED,
        subject: { targetPublicKey: event.subject?.targetPublicKey, accessListEntry: entryName(entry) },
      });
    }
    if (event.subject?.targetPublicKey) await this.credentialChanges.announce(event.subject.targetPublicKey);
  }
}

// A block of one address (how a copied list holds an address) goes back on as that address.
function asFields(values: string[]): EntryFields[] {
  return values.map((value) => {
    const cidr = value.includes('/') ? parseCidr(value) : null;
    if (cidr && isSingleAddress(cidr)) return { ipAddress: cidr.network };
    return value.includes('/') ? { cidrBlock: value } : { ipAddress: value };
  });
}

// Repeated query values (1.2.3.4 and 1.2.3.4/32) are one entry, not an error as in a POST body.
function distinct(kind: ListOwnerKind, fields: EntryFields[]): EntryInput[] {
  const byBlock = new Map<string, EntryInput>();
  for (const input of fields.map((f) => toEntryInput(kind, f))) {
    if (!byBlock.has(input.cidrBlock)) byBlock.set(input.cidrBlock, input);
  }
  return [...byBlock.values()];
}
