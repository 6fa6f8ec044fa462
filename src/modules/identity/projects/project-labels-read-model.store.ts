import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface ProjectLabelsRow {
  id: string;
  project_name: string;
  org_id: string;
  org_name: string;
}

// Read model: a project's name with its organization's (projects joined to organizations).
export class ProjectLabelsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  read(groupIds: string[]): Promise<ProjectLabelsRow[]> {
    return this.txHost.tx.query<ProjectLabelsRow[]>(
      `SELECT p.id, p.name AS project_name, o.id AS org_id, o.name AS org_name
         FROM projects p JOIN organizations o ON o.id = p.org_id
        WHERE p.id = ANY($1::varchar[])`,
      [groupIds],
    );
  }
}
