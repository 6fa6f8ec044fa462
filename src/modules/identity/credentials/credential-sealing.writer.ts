import type { EntityManager } from 'typeorm';

export type SealedTable = 'users' | 'api_keys';

export interface Ha1Row {
  id: string;
  ha1_md5: string;
  ha1_sha256: string;
}

// The stored HA1 values of a credential table, read and rewritten in the sealing transaction.
export function readHa1Rows(manager: EntityManager, table: SealedTable): Promise<Ha1Row[]> {
  return manager.query(`SELECT id, ha1_md5, ha1_sha256 FROM ${table}`);
}

// Compared with what was read: a running instance may have replaced the row meanwhile.
export async function replaceHa1(
  manager: EntityManager,
  table: SealedTable,
  row: Ha1Row,
  md5: string,
  sha256: string,
): Promise<void> {
  await manager.query(
    `UPDATE ${table} SET ha1_md5 = $4, ha1_sha256 = $5 WHERE id = $1 AND ha1_md5 = $2 AND ha1_sha256 = $3`,
    [row.id, row.ha1_md5, row.ha1_sha256, md5, sha256],
  );
}
