import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Clock } from '../../platform/clock/clock';
import type { DomainEventOf } from '../../platform/events/domain-event';
import { OnDomainEvent } from '../../platform/events/on-domain-event';
import { IdentityEventTypes } from '../identity';
import { RoleMappingEntity } from './role-mappings/role-mapping.entity';

// Role mappings of the deleted project's organization lose their assignments in that project, in the
// deleting transaction (suppressErrors: false); a mapping left with no assignment goes, since a mapping
// always grants at least one role.
@Injectable()
export class FederationGroupDeletedListener {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
  ) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  async onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): Promise<void> {
    const { groupId, orgId } = event.raw;
    const repository = this.txHost.tx.getRepository(RoleMappingEntity);
    const mappings = await repository.findBy({ orgId });
    for (const mapping of mappings) {
      const kept = mapping.roleAssignments.filter((assignment) => assignment.groupId !== groupId);
      if (kept.length === mapping.roleAssignments.length) continue;
      if (kept.length === 0) {
        await repository.delete({ id: mapping.id });
      } else {
        await repository.update({ id: mapping.id }, { roleAssignments: kept, updated: this.clock.now() });
      }
    }
  }
}
