import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { AutomationErrors } from '../automation.errors';
import { HostsService } from '../hosts/hosts.service';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { DiskEntity } from './disk.entity';
import { DisksStore, type ReportedDisks } from './disks.store';
import type { DiskResponse } from './dto/disk.response';

// Disk partitions of a host, as its agents last reported them.
@Injectable()
export class DisksService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly hosts: HostsService,
    private readonly links: PageLinks,
    private readonly store: DisksStore,
  ) {}

  async list(groupId: string, hostId: string, page: PageQuery): Promise<ListEnvelope<DiskResponse>> {
    await this.scope.orgOf(groupId);
    const host = await this.hosts.find(groupId, hostId);
    const [disks, total] = await this.repository().findAndCount({
      where: { hostId: host.id },
      order: { partitionName: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    return this.links.list(
      page,
      disks.map((disk) => this.toResponse(groupId, disk)),
      total,
    );
  }

  async get(groupId: string, hostId: string, partitionName: string): Promise<DiskResponse> {
    await this.scope.orgOf(groupId);
    const host = await this.hosts.find(groupId, hostId);
    const disk = await this.repository().findOneBy({ hostId: host.id, partitionName });
    if (!disk) throw AutomationErrors.DEVICE_NOT_FOUND(partitionName, host.id);
    return this.toResponse(groupId, disk);
  }

  // Inside the report's transaction: each listed host's partitions become exactly the reported ones.
  async replaceReported(groupId: string, reported: ReportedDisks[], now: Date): Promise<void> {
    if (reported.length === 0) return;
    await this.store.replaceReported(groupId, reported, now);
  }

  private toResponse(groupId: string, disk: DiskEntity): DiskResponse {
    const path = `/groups/${groupId}/hosts/${disk.hostId}/disks/${encodeURIComponent(disk.partitionName)}`;
    return { links: this.links.self(path), partitionName: disk.partitionName };
  }

  private repository() {
    return this.txHost.tx.getRepository(DiskEntity);
  }
}
