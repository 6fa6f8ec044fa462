import type { EntityManager } from 'typeorm';

export interface ReportedDisks {
  hostId: string;
  partitionNames: string[];
}

// Each listed host's partitions become exactly the reported ones: the others are deleted, the reported
// ones inserted or their lastSeen moved to `now`.
export async function replaceReportedDisks(
  tx: EntityManager,
  groupId: string,
  reported: ReportedDisks[],
  now: Date,
): Promise<void> {
  const hostIds = reported.flatMap((entry) => entry.partitionNames.map(() => entry.hostId));
  const names = reported.flatMap((entry) => entry.partitionNames);
  await tx.query(
    `DELETE FROM host_disks WHERE host_id = ANY($1::char(24)[])
       AND (host_id, partition_name) NOT IN (SELECT * FROM unnest($2::char(24)[], $3::varchar[]))`,
    [reported.map((entry) => entry.hostId), hostIds, names],
  );
  if (names.length === 0) return;
  await tx.query(
    `INSERT INTO host_disks (host_id, partition_name, group_id, first_seen, last_seen)
     SELECT r.host_id, r.partition_name, $1, $2, $2 FROM unnest($3::char(24)[], $4::varchar[]) AS r(host_id, partition_name)
     ON CONFLICT (host_id, partition_name) DO UPDATE SET last_seen = EXCLUDED.last_seen`,
    [groupId, now, hostIds, names],
  );
}
