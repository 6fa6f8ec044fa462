import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull } from 'typeorm';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { isObjectId } from '../../../platform/ids/object-id';
import { ProjectTags } from '../../identity';
import type { AlertConfigDefinition } from '../alert-configs/alert-config.types';
import { appliesTo } from './global-alert-config-rules';
import { toProjectDefinition } from './global-alert-config.mapper';
import { GlobalAlertConfigEntity } from './global-alert-config.entity';

// The global configurations as the engine and the deliveries see them: per project, with secrets in
// clear, carrying that project's id. Read in the caller's transaction.
@Injectable()
export class GlobalAlertConfigDefinitions {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly projectTags: ProjectTags,
    private readonly secrets: SecretBox,
  ) {}

  // The enabled global configurations that apply to the project, oldest first.
  async enabledFor(groupId: string): Promise<AlertConfigDefinition[]> {
    const rows = await this.repository().find({
      where: { enabled: true, deleted: IsNull() },
      order: { seq: 'ASC' },
    });
    if (rows.length === 0) return [];
    const tags = await this.projectTags.tagsOf(groupId);
    if (tags === null) return [];
    return rows
      .filter((row) => appliesTo(row, { id: groupId, tags }))
      .map((row) => toProjectDefinition(row, groupId, this.secrets));
  }

  // One global configuration as it applies to the project, enabled or not, deleted or not (a cancelled
  // alert of a deleted one is still notified); null when no global configuration has this id.
  async definitionFor(groupId: string, alertConfigId: string): Promise<AlertConfigDefinition | null> {
    if (!isObjectId(alertConfigId)) return null;
    const row = await this.repository().findOneBy({ id: alertConfigId });
    return row ? toProjectDefinition(row, groupId, this.secrets) : null;
  }

  private repository() {
    return this.txHost.tx.getRepository(GlobalAlertConfigEntity);
  }
}
