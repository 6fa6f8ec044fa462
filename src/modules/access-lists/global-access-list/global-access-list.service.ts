import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CredentialChanges } from '../../../platform/auth/credential-changes';
import type { Principal } from '../../../platform/auth/principal';
import { EventPublisher } from '../../../platform/events/event-publisher';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { newObjectId } from '../../../platform/ids/object-id';
import { isSingleAddress, parseCidr } from '../../../platform/net/cidr';
import { AccessListErrors } from '../access-lists.errors';
import { AccessListEventTypes } from '../access-lists.events';
import { canonicalBlock } from '../entries/entry-input';
import { assertStillAdmitsCaller } from '../entries/fence-rules';
import type {
  GlobalAccessListEntryRequest,
  GlobalAccessListEntryUpdateRequest,
} from './dto/global-access-list-entry.request';
import type { GlobalAccessListEntryResponse } from './dto/global-access-list-entry.response';
import { GlobalAccessListEntryEntity } from './global-access-list-entry.entity';

// The global access list: the addresses every global API key may call from (enforced at Digest
// authentication, on top of each key's own list). Reading needs any global role, changing it Global
// Owner (the route guard). Each change drops every cached credential, so the next call of any global key
// meets the new list, on every instance.
@Injectable()
export class GlobalAccessListService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly events: EventPublisher,
    private readonly credentialChanges: CredentialChanges,
    private readonly links: PageLinks,
  ) {}

  private get repository() {
    return this.txHost.tx.getRepository(GlobalAccessListEntryEntity);
  }

  async list(page: PageQuery): Promise<ListEnvelope<GlobalAccessListEntryResponse>> {
    const [rows, total] = await this.repository.findAndCount({
      order: { created: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    return this.links.list(
      page,
      rows.map((row) => this.toResponse(row)),
      total,
    );
  }

  async get(id: string): Promise<GlobalAccessListEntryResponse> {
    return this.toResponse(await this.entry(id));
  }

  // The product adds a block only when it is not on the list yet: sending one already there is no
  // error, and answers the entry as it is (its description unchanged).
  @Transactional()
  async add(
    principal: Principal,
    request: GlobalAccessListEntryRequest,
  ): Promise<GlobalAccessListEntryResponse> {
    const cidrBlock = canonicalBlock(request.cidrBlock);
    const now = new Date();
    const inserted = await this.repository
      .createQueryBuilder()
      .insert()
      .into(GlobalAccessListEntryEntity)
      .values({
        id: newObjectId(now),
        cidrBlock,
        description: request.description,
        created: now,
        updated: now,
      })
      .orIgnore()
      .updateEntity(false)
      .returning('*')
      .execute();
    const entry = await this.repository.findOneByOrFail({ cidrBlock });
    if ((inserted.raw as unknown[]).length === 0) return this.toResponse(entry);
    await this.assertCallerStaysAdmitted(principal);
    await this.events.publish({
      eventTypeName: AccessListEventTypes.GLOBAL_ACCESS_LIST_ENTRY_ADDED,
      subject: { accessListEntry: entry.cidrBlock },
      raw: { id: entry.id, description: entry.description },
    });
    await this.credentialChanges.announceAll();
    return this.toResponse(entry);
  }

  @Transactional()
  async update(
    principal: Principal,
    id: string,
    request: GlobalAccessListEntryUpdateRequest,
  ): Promise<GlobalAccessListEntryResponse> {
    const entry = await this.entry(id, true);
    assertReadOnlyUnchanged(request, this.toResponse(entry));
    const before = { cidrBlock: entry.cidrBlock, description: entry.description };
    const cidrBlock = request.cidrBlock === undefined ? entry.cidrBlock : canonicalBlock(request.cidrBlock);
    if (cidrBlock !== entry.cidrBlock) {
      const holder = await this.repository.findOneBy({ cidrBlock });
      if (holder) throw AccessListErrors.GLOBAL_ACCESS_LIST_ENTRY_ALREADY_EXISTS(cidrBlock, holder.id);
    }
    entry.cidrBlock = cidrBlock;
    entry.description = request.description ?? entry.description;
    if (entry.cidrBlock === before.cidrBlock && entry.description === before.description) {
      return this.toResponse(entry);
    }
    entry.updated = new Date();
    await this.repository.save(entry);
    await this.assertCallerStaysAdmitted(principal);
    await this.events.publish({
      eventTypeName: AccessListEventTypes.GLOBAL_ACCESS_LIST_ENTRY_UPDATED,
      subject: { accessListEntry: entry.cidrBlock },
      raw: { id: entry.id, description: entry.description },
      diffs: [
        {
          id: entry.id,
          params: (['cidrBlock', 'description'] as const)
            .filter((param) => before[param] !== entry[param])
            .map((param) => ({ param, old: before[param], new: entry[param] })),
        },
      ],
    });
    if (entry.cidrBlock !== before.cidrBlock) await this.credentialChanges.announceAll();
    return this.toResponse(entry);
  }

  @Transactional()
  async remove(principal: Principal, id: string): Promise<void> {
    const entry = await this.entry(id, true);
    await this.repository.delete({ id: entry.id });
    await this.assertCallerStaysAdmitted(principal);
    await this.events.publish({
      eventTypeName: AccessListEventTypes.GLOBAL_ACCESS_LIST_ENTRY_DELETED,
      subject: { accessListEntry: entry.cidrBlock },
      raw: { id: entry.id, description: entry.description },
    });
    await this.credentialChanges.announceAll();
  }

  // Read inside the change's transaction, after it: the list as it will be committed. Only a global key
  // is fenced by this list; a user changing it cannot lock itself out.
  private async assertCallerStaysAdmitted(principal: Principal): Promise<void> {
    if (principal.kind !== 'API_KEY' || principal.orgId !== undefined) return;
    const after = await this.repository.find({ select: { cidrBlock: true } });
    assertStillAdmitsCaller(
      principal.remoteAddress,
      after.map((row) => row.cidrBlock),
    );
  }

  private async entry(id: string, forUpdate = false): Promise<GlobalAccessListEntryEntity> {
    const entry = await this.repository.findOne({
      where: { id },
      ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!entry) throw AccessListErrors.GLOBAL_ACCESS_LIST_ENTRY_NOT_FOUND(id);
    return entry;
  }

  private toResponse(entry: GlobalAccessListEntryEntity): GlobalAccessListEntryResponse {
    const block = parseCidr(entry.cidrBlock);
    return {
      cidrBlock: entry.cidrBlock,
      created: toIsoSeconds(entry.created),
      description: entry.description,
      id: entry.id,
      links: this.links.self(`/admin/accessList/${entry.id}`),
      type: block && isSingleAddress(block) ? 'IP_ADDRESS' : 'CIDR_BLOCK',
      updated: toIsoSeconds(entry.updated),
    };
  }
}
