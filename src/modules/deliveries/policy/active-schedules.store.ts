import { Injectable } from '@nestjs/common';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import { NotificationScheduleEntity } from './notification-schedule.entity';

// The active schedules of one alert, read by every acknowledgement, close and cancel (in their
// transaction): a prepared statement (prepared-reads.ts) instead of TypeORM's find, whose query building
// costs more CPU than the statement while the alert's row is locked.
@Injectable()
export class ActiveSchedulesStore {
  private readonly activeOfAlert: PreparedRead<NotificationScheduleEntity>;

  constructor(reads: PreparedReads) {
    this.activeOfAlert = reads.define(
      NotificationScheduleEntity,
      'WHERE alert_id = $1 AND active = true ORDER BY notification_index ASC',
    );
  }

  // Ordered by notification index.
  of(alertId: string): Promise<NotificationScheduleEntity[]> {
    return this.activeOfAlert([alertId]);
  }
}
