import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Clock } from '../../../platform/clock/clock';
import { EventPublisher } from '../../../platform/events/event-publisher';
import { AutomationEventTypes } from '../automation.events';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { changedSections, EMPTY_DOCUMENT, type AutomationDocument } from './automation-config-sections';
import { AutomationConfigEntity } from './automation-config.entity';
import { toAutomationConfigResponse, toAutomationDocument } from './automation-config.mapper';
import type { AutomationConfigResponse } from './dto/automation-config.response';
import type { ReplaceAutomationConfigRequest } from './dto/replace-automation-config.request';
import { ensureConfigRow, writeConfig } from './automation-config.writer';

// The project's automation configuration: read, and replace whole. Every replace raises the goal version
// by one under the row's lock, so concurrent replaces get distinct versions and the last one wins
// ("the later modification wins").
@Injectable()
export class AutomationConfigService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
  ) {}

  async get(groupId: string): Promise<AutomationConfigResponse> {
    await this.scope.orgOf(groupId);
    const row = await this.repository().findOneBy({ groupId });
    return row
      ? toAutomationConfigResponse(row.document, row.version)
      : toAutomationConfigResponse(EMPTY_DOCUMENT, 0);
  }

  // The goal version of the project: 0 before any configuration was published.
  async goalVersion(groupId: string): Promise<number> {
    const row = await this.repository().findOne({ select: { version: true }, where: { groupId } });
    return row?.version ?? 0;
  }

  @Transactional()
  async replace(groupId: string, request: ReplaceAutomationConfigRequest): Promise<AutomationConfigResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const document = toAutomationDocument(request);
    const now = this.clock.now();
    await ensureConfigRow(this.txHost.tx, groupId, now);
    const current = await this.repository().findOneOrFail({
      where: { groupId },
      lock: { mode: 'pessimistic_write' },
    });
    const before: AutomationDocument = current.version === 0 ? EMPTY_DOCUMENT : current.document;
    const version = current.version + 1;
    await writeConfig(this.txHost.tx, groupId, version, document, now);
    const changed = changedSections(before, document);
    await this.events.publish({
      eventTypeName: AutomationEventTypes.AUTOMATION_CONFIG_PUBLISHED_AUDIT,
      orgId,
      groupId,
      diffs: [
        {
          type: 'AUTOMATION_CONFIG',
          status: current.version === 0 ? 'NEW' : 'MODIFIED',
          params: [{ param: 'version', old: current.version, new: version }],
        },
      ],
      raw: { goalVersion: version, changedSections: changed },
      occurredAt: now,
    });
    return toAutomationConfigResponse(document, version);
  }

  private repository() {
    return this.txHost.tx.getRepository(AutomationConfigEntity);
  }
}
