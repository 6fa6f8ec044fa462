import { Injectable } from '@nestjs/common';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import { AlertEntity } from './alert.entity';

// GET one alert, the API's most frequent read: a named prepared statement (prepared-reads.ts).
@Injectable()
export class AlertByIdStore {
  private readonly alertById: PreparedRead<AlertEntity>;

  constructor(reads: PreparedReads) {
    this.alertById = reads.define(AlertEntity, 'WHERE id = $1 AND group_id = $2');
  }

  async find(groupId: string, alertId: string): Promise<AlertEntity | undefined> {
    return (await this.alertById([alertId, groupId]))[0];
  }
}
