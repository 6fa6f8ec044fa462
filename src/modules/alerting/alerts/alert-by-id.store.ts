import { Injectable } from '@nestjs/common';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import { AlertEntity } from './alert.entity';

// GET one alert, the API's most frequent read, and the row reads of the writes that lock (acknowledge,
// cancelling a configuration's alerts): named prepared statements (prepared-reads.ts) in place of
// TypeORM's find, whose CPU would be spent while the rows are locked.
@Injectable()
export class AlertByIdStore {
  private readonly alertById: PreparedRead<AlertEntity>;
  private readonly lockedAlertById: PreparedRead<AlertEntity>;
  private readonly lockedActiveOfConfig: PreparedRead<AlertEntity>;

  constructor(reads: PreparedReads) {
    this.alertById = reads.define(AlertEntity, 'WHERE id = $1 AND group_id = $2');
    this.lockedAlertById = reads.define(AlertEntity, 'WHERE id = $1 AND group_id = $2 FOR UPDATE');
    this.lockedActiveOfConfig = reads.define(
      AlertEntity,
      `WHERE group_id = $1 AND alert_config_id = $2 AND status IN ('TRACKING', 'OPEN')
       ORDER BY created ASC, id ASC FOR UPDATE`,
    );
  }

  async find(groupId: string, alertId: string): Promise<AlertEntity | undefined> {
    return (await this.alertById([alertId, groupId]))[0];
  }

  // Inside a transaction: the row stays locked until it ends.
  async findForUpdate(groupId: string, alertId: string): Promise<AlertEntity | undefined> {
    return (await this.lockedAlertById([alertId, groupId]))[0];
  }

  // The TRACKING and OPEN alerts of one configuration, oldest first, locked until the transaction ends.
  activeOfConfigForUpdate(groupId: string, alertConfigId: string): Promise<AlertEntity[]> {
    return this.lockedActiveOfConfig([groupId, alertConfigId]);
  }
}
