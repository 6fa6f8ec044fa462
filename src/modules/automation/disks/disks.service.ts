import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { AutomationErrors } from '../automation.errors';
import { HostsService } from '../hosts/hosts.service';
import { ProjectScope } from '../project-scope';
import { DiskEntity } from './disk.entity';
import type { DiskResponse } from './dto/disk.response';

export interface ReportedDisks {
  hostId: string;
  partitionNames: string[];
}

// Disk partitions of a host, as its agents last reported them.
@Injectable()
export class DisksService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly hosts: HostsService,
    private readonly links: PageLinks,
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
    const hostIds = reported.flatMap((entry) => entry.partitionNames.map(() => entry.hostId));
    const names = reported.flatMap((entry) => entry.partitionNames);
    await this.txHost.tx.query(
      `DELETE FROM host_disks WHERE host_id = ANY($1::char(24)[])
         AND (host_id, partition_name) NOT IN (SELECT * FROM unnest($2::char(24)[], $3::varchar[]))`,
      [reported.map((entry) => entry.hostId), hostIds, names],
    );
    if (names.length === 0) return;
    await this.txHost.tx.query(
      `INSERT INTO host_disks (host_id, partition_name, group_id, first_seen, last_seen)
       SELECT r.host_id, r.partition_name, $1, $2, $2 FROM unnest($3::char(24)[], $4::varchar[]) AS r(host_id, partition_name)
       ON CONFLICT (host_id, partition_name) DO UPDATE SET last_seen = EXCLUDED.last_seen`,
      [groupId, now, hostIds, names],
    );
  }

  private toResponse(groupId: string, disk: DiskEntity): DiskResponse {
    const path = `/groups/${groupId}/hosts/${disk.hostId}/disks/${encodeURIComponent(disk.partitionName)}`;
    return { links: this.links.self(path), partitionName: disk.partitionName };
  }

  private repository() {
    return this.txHost.tx.getRepository(DiskEntity);
  }
}
