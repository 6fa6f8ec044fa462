import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface ReportedDisks {
  hostId: string;
  partitionNames: string[];
}

// The host_disks table's SQL, in the caller's transaction.
@Injectable()
export class DisksStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Each listed host's partitions become exactly the reported ones: the others are deleted, the reported
  // ones inserted or their lastSeen moved to `now`.
  async replaceReported(groupId: string, reported: ReportedDisks[], now: Date): Promise<void> {
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

  // The partitions of a host taken out of monitoring.
  async removeOfHost(hostId: string): Promise<void> {
    await this.txHost.tx.query('DELETE FROM host_disks WHERE host_id = $1', [hostId]);
  }
}
