import { Injectable } from '@nestjs/common';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import { AlertConfigEntity } from './alert-config.entity';

// One configuration of a project, as read by GET and, locked, by the changes (PUT, enable/disable,
// delete): prepared statements (prepared-reads.ts) instead of TypeORM's findOne, whose query building
// and hydration cost more CPU than the statement, spent while the row lock is held.
@Injectable()
export class AlertConfigByIdStore {
  private readonly byId: PreparedRead<AlertConfigEntity>;
  private readonly lockedById: PreparedRead<AlertConfigEntity>;

  constructor(reads: PreparedReads) {
    this.byId = reads.define(AlertConfigEntity, 'WHERE id = $1 AND group_id = $2');
    this.lockedById = reads.define(AlertConfigEntity, 'WHERE id = $1 AND group_id = $2 FOR UPDATE');
  }

  // `forUpdate` only inside a transaction: the row stays locked until it ends.
  async find(
    groupId: string,
    alertConfigId: string,
    forUpdate: boolean,
  ): Promise<AlertConfigEntity | undefined> {
    const read = forUpdate ? this.lockedById : this.byId;
    return (await read([alertConfigId, groupId]))[0];
  }
}
