import type { EntityManager } from 'typeorm';
import type { AutomationDocument } from './automation-config-sections';

// A project's configuration row exists before it is locked: version 0 with an empty document stands
// for "never published"; a concurrent first publication finds the row and waits on its lock.
export async function ensureConfigRow(tx: EntityManager, groupId: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO automation_configs (group_id, version, document, updated) VALUES ($1, 0, '{}', $2)
     ON CONFLICT (group_id) DO NOTHING`,
    [groupId, now],
  );
}

export async function writeConfig(
  tx: EntityManager,
  groupId: string,
  version: number,
  document: AutomationDocument,
  now: Date,
): Promise<void> {
  await tx.query(
    'UPDATE automation_configs SET version = $2, document = $3::jsonb, updated = $4 WHERE group_id = $1',
    [groupId, version, JSON.stringify(document), now],
  );
}
