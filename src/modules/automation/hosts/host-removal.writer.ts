import type { EntityManager } from 'typeorm';

// A host taken out of monitoring keeps its row (its id stays stable if it reports again) but loses what
// its reports left: its disks and its latest measurements.
export async function dropHostReadings(tx: EntityManager, hostId: string): Promise<void> {
  await tx.query('DELETE FROM host_disks WHERE host_id = $1', [hostId]);
  await tx.query('DELETE FROM latest_measurements WHERE host_id = $1', [hostId]);
}
