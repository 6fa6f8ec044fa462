import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DomainEventOf } from '../../platform/events/domain-event';
import { OnDomainEvent } from '../../platform/events/on-domain-event';
import { IdentityEventTypes } from '../identity';
import { AgentApiKeyEntity } from './agent-api-keys/agent-api-key.entity';
import { AgentEntity } from './agents/agent.entity';
import { AutomationConfigEntity } from './automation-config/automation-config.entity';
import { AutomationProcessEntity } from './automation-status/automation-process.entity';
import { lockDeployment } from './automation.locks';
import { DiskEntity } from './disks/disk.entity';
import { HostEntity } from './hosts/host.entity';
import { LatestMeasurementEntity } from './measurements/latest-measurement.entity';
import { MeasurementStore } from './measurements/measurement.store';

// A deleted project's agent API keys (its agents are refused from then on), agents, hosts, disks,
// measurements and automation configuration and status go in the deleting transaction
// (suppressErrors: false): a failure here leaves the project whole. The deployment lock makes a report
// in flight finish first, or wait and then find no project.
@Injectable()
export class AutomationGroupDeletedListener {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly measurements: MeasurementStore,
  ) {}

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  async onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): Promise<void> {
    const { groupId } = event.raw;
    const tx = this.txHost.tx;
    await lockDeployment(tx, groupId);
    const hosts = await tx.getRepository(HostEntity).find({ select: { id: true }, where: { groupId } });
    await this.measurements.removeOfHosts(hosts.map((host) => host.id));
    await tx.getRepository(LatestMeasurementEntity).delete({ groupId });
    await tx.getRepository(DiskEntity).delete({ groupId });
    await tx.getRepository(HostEntity).delete({ groupId });
    await tx.getRepository(AgentEntity).delete({ groupId });
    await tx.getRepository(AgentApiKeyEntity).delete({ groupId });
    await tx.getRepository(AutomationProcessEntity).delete({ groupId });
    await tx.getRepository(AutomationConfigEntity).delete({ groupId });
  }
}
