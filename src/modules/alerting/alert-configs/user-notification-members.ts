import { Injectable } from '@nestjs/common';
import { UserRecipients } from '../../identity';
import { AlertingErrors } from '../alerting.errors';
import type { Notification } from './alert-config.types';

// A USER notification names a member of its project: naming anyone would let a project's monitoring
// admin send its alerts to any person of the service, learn their addresses from the delivery log, and
// learn which names exist. Unknown names and non-members get the same 400. Delivery checks membership
// again when it sends (UserRecipients), so a user who leaves or a name registered later gets nothing.
@Injectable()
export class UserNotificationMembers {
  constructor(private readonly users: UserRecipients) {}

  async assertMembers(
    groupId: string,
    notifications: readonly Notification[],
    pathOf: (index: number) => string = (index) => `notifications[${index}]`,
  ): Promise<void> {
    for (const [index, notification] of notifications.entries()) {
      if (notification.typeName !== 'USER') continue;
      const username = String(notification.username ?? '');
      if (!(await this.users.isProjectMember(groupId, username))) {
        throw AlertingErrors.NOTIFICATION_USER_NOT_IN_GROUP(`${pathOf(index)}.username`, username);
      }
    }
  }
}
