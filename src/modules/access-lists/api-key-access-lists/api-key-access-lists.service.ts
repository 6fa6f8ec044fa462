import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import { fenceOf, setsAnyFence } from '../../../platform/auth/access-fence';
import type { Principal } from '../../../platform/auth/principal';
import { hasGlobalRole, hasOrgRole } from '../../../platform/auth/role-hierarchy';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { CommonErrors } from '../../../platform/http/error-codes';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { CredentialsService } from '../../identity';
import { AccessListErrors } from '../access-lists.errors';
import { AccessListEventTypes } from '../access-lists.events';
import type { AccessListEntryEntity } from '../entries/access-list-entry.entity';
import { entryName, entryPathSegment, toAccessListEntryResponse } from '../entries/access-list-entry.mapper';
import { AccessListEntries, ListOwner } from '../entries/access-list-entries.store';
import type { AccessListEntryRequest } from '../entries/dto/access-list-entry.request';
import type { AccessListEntryResponse } from '../entries/dto/access-list-entry.response';
import { entryKeyFromPath, toEntryInputs } from '../entries/entry-input';
import { assertMayAdd, assertMayRemove, type FenceEditor } from '../entries/fence-rules';

interface TargetKey {
  id: string;
  // null: a global key.
  orgId: string | null;
  publicKey: string;
}

// Access list of an organization API key, or of a global key (orgId null).
// Reading needs any role in the key's organization, or any global role for a global key (the route
// guard; Atlas v2 names Organization Member); changing it needs Organization Owner (Global Owner for a
// global key), or the key itself (CM "org API key access lists"), within the fences of fence-rules.ts.
@Injectable()
export class ApiKeyAccessListsService {
  constructor(
    private readonly entries: AccessListEntries,
    private readonly credentials: CredentialsService,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly links: PageLinks,
  ) {}

  async list(
    orgId: string | null,
    apiKeyId: string,
    page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    const key = await this.targetKey(orgId, apiKeyId);
    return this.envelope(key, page);
  }

  async get(orgId: string | null, apiKeyId: string, value: string): Promise<AccessListEntryResponse> {
    const key = await this.targetKey(orgId, apiKeyId);
    const entry = await this.entries.find(ownerOf(key), entryKeyFromPath(value));
    if (!entry) throw AccessListErrors.API_KEY_ACCESS_LIST_NOT_FOUND(value, apiKeyId);
    return this.toResponse(key, entry);
  }

  @Transactional()
  async add(
    principal: Principal,
    orgId: string | null,
    apiKeyId: string,
    requests: AccessListEntryRequest[],
    page: PageQuery,
  ): Promise<ListEnvelope<AccessListEntryResponse>> {
    assertMayChange(principal, orgId, apiKeyId);
    const key = await this.targetKey(orgId, apiKeyId);
    const inputs = toEntryInputs('API_KEY', requests);
    const current = await this.currentBlocks(key);
    assertMayAdd(
      editorOf(principal, apiKeyId, current),
      current,
      inputs.map((input) => input.cidrBlock),
    );
    const added = await this.entries.addMissing(ownerOf(key), inputs);
    for (const entry of added) {
      await this.events.publish({
        eventTypeName: AccessListEventTypes.API_KEY_ACCESS_LIST_ENTRY_ADDED,
        orgId: key.orgId ?? undefined,
        subject: { targetPublicKey: key.publicKey, accessListEntry: entryName(entry) },
        raw: entry.comment === null ? undefined : { comment: entry.comment },
      });
    }
    if (added.length > 0) await this.credentialChanges.announce(key.publicKey);
    return this.envelope(key, page);
  }

  @Transactional()
  async remove(principal: Principal, orgId: string | null, apiKeyId: string, value: string): Promise<void> {
    assertMayChange(principal, orgId, apiKeyId);
    const key = await this.targetKey(orgId, apiKeyId);
    const entry = await this.entries.find(ownerOf(key), entryKeyFromPath(value));
    if (!entry) throw AccessListErrors.API_KEY_ACCESS_LIST_NOT_FOUND(value, apiKeyId);
    const current = await this.currentBlocks(key);
    assertMayRemove(editorOf(principal, apiKeyId, current), current, entry.cidrBlock);
    await this.entries.remove(entry);
    await this.events.publish({
      eventTypeName: AccessListEventTypes.API_KEY_ACCESS_LIST_ENTRY_DELETED,
      orgId: key.orgId ?? undefined,
      subject: { targetPublicKey: key.publicKey, accessListEntry: entryName(entry) },
    });
    await this.credentialChanges.announce(key.publicKey);
  }

  private async targetKey(orgId: string | null, apiKeyId: string): Promise<TargetKey> {
    const key =
      orgId === null
        ? await this.credentials.findGlobalApiKey(apiKeyId)
        : await this.credentials.findApiKey(orgId, apiKeyId);
    if (!key) throw AccessListErrors.API_KEY_NOT_FOUND(apiKeyId);
    return { id: key.id, orgId, publicKey: key.publicKey };
  }

  private async currentBlocks(key: TargetKey): Promise<string[]> {
    return (await this.entries.all(ownerOf(key))).map((entry) => entry.cidrBlock);
  }

  private async envelope(key: TargetKey, page: PageQuery): Promise<ListEnvelope<AccessListEntryResponse>> {
    const [rows, total] = await this.entries.page(ownerOf(key), page);
    return this.links.list(
      page,
      rows.map((row) => this.toResponse(key, row)),
      total,
    );
  }

  private toResponse(key: TargetKey, entry: AccessListEntryEntity): AccessListEntryResponse {
    return toAccessListEntryResponse(
      entry,
      this.links.href(`${keyPath(key)}/accessList/${entryPathSegment(entry)}`),
    );
  }
}

function keyPath(key: TargetKey): string {
  return key.orgId === null ? `/admin/apiKeys/${key.id}` : `/orgs/${key.orgId}/apiKeys/${key.id}`;
}

function ownerOf(key: TargetKey): ListOwner {
  return { kind: 'API_KEY', id: key.id };
}

// The key editing its own list stays inside it; another caller stays inside its own list. A global
// owner may open any list (fence-rules.ts).
function editorOf(principal: Principal, apiKeyId: string, current: string[]): FenceEditor {
  const self = principal.kind === 'API_KEY' && principal.id === apiKeyId;
  const own = setsAnyFence(principal) ? [] : current;
  return { self, fence: self ? own : fenceOf(principal), address: principal.remoteAddress };
}

function assertMayChange(principal: Principal, orgId: string | null, apiKeyId: string): void {
  const isTheKey = principal.kind === 'API_KEY' && principal.id === apiKeyId;
  const owner =
    orgId === null
      ? hasGlobalRole(principal.roles, ['GLOBAL_OWNER'])
      : hasOrgRole(principal.roles, orgId, ['ORG_OWNER']);
  if (!isTheKey && !owner) throw CommonErrors.USER_UNAUTHORIZED();
}
