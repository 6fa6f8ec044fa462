import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Clock } from '../../../platform/clock/clock';
import { ProjectLabelsStore } from './project-labels-read-model.store';
import { ProjectEntity } from './project.entity';

// What people read a project as: its name and its organization's.
export interface ProjectLabels {
  projectName: string;
  orgId: string;
  orgName: string;
}

// Labels are read again after this long: a rename shows in messages within seconds, and a storm of
// notifications for one project reads its labels once.
const LABELS_KEPT_MS = 5_000;
const MAX_LABELS_KEPT = 10_000;

// Read surface for other contexts that label what they publish with the project's name (the Prometheus
// discovery's group_name, the texts of notifications). Read when asked: a renamed project is shown by
// its new name.
@Injectable()
export class ProjectNames {
  private readonly labels = new Map<string, { labels: ProjectLabels; readAt: number }>();
  private readonly store: ProjectLabelsStore;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
  ) {
    this.store = new ProjectLabelsStore(txHost);
  }

  // The labels of each project that exists, by id.
  async labelsOf(groupIds: string[]): Promise<Map<string, ProjectLabels>> {
    const now = this.clock.now().getTime();
    const found = new Map<string, ProjectLabels>();
    const missing: string[] = [];
    for (const groupId of new Set(groupIds)) {
      const kept = this.labels.get(groupId);
      if (kept && now - kept.readAt < LABELS_KEPT_MS) found.set(groupId, kept.labels);
      else missing.push(groupId);
    }
    if (missing.length === 0) return found;
    const rows = await this.store.read(missing);
    if (this.labels.size + rows.length > MAX_LABELS_KEPT) this.labels.clear();
    for (const row of rows) {
      const labels = { projectName: row.project_name, orgId: row.org_id, orgName: row.org_name };
      this.labels.set(row.id, { labels, readAt: now });
      found.set(row.id, labels);
    }
    return found;
  }

  // null when the project does not exist.
  async nameOf(groupId: string): Promise<string | null> {
    const project = await this.txHost.tx
      .getRepository(ProjectEntity)
      .findOne({ select: { id: true, name: true }, where: { id: groupId } });
    return project?.name ?? null;
  }
}
