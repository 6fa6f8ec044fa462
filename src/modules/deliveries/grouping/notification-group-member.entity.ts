import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AlertResponse } from '../../alerting';

export type MemberEnding = 'alert.close' | 'alert.cancel';

// An alert of a notification group. `told`: a message of the group has carried it as open. An ended
// alert stays until the next message says so (if it was told) and then leaves the group.
@Entity({ name: 'notification_group_members' })
@Index('notification_group_members_alert_idx', ['alertId'])
export class NotificationGroupMemberEntity {
  @PrimaryColumn({ name: 'notification_group_id', type: 'char', length: 24 })
  notificationGroupId!: string;

  @PrimaryColumn({ name: 'alert_id', type: 'char', length: 24 })
  alertId!: string;

  @Column({ name: 'alert_config_id', type: 'char', length: 24 })
  alertConfigId!: string;

  @Column({ type: 'boolean', default: false })
  told!: boolean;

  @Column({ name: 'ended_kind', type: 'varchar', length: 16, nullable: true })
  endedKind!: MemberEnding | null;

  // The alert as it ended, for the message that says so.
  @Column({ name: 'ended_alert', type: 'jsonb', nullable: true })
  endedAlert!: AlertResponse | null;

  @Column({ type: 'timestamptz', precision: 3 })
  joined!: Date;
}
