import { Injectable } from '@nestjs/common';
import type { Notification } from '../../alerting';
import { UserRecipients } from '../../identity';
import { INTEGRATION_TYPES, IntegrationsService, type IntegrationType } from '../../integrations';
import { targetFromIntegration, targetFromNotification, type NotificationTarget } from '../notifiers';

export interface ResolvedReceiver {
  targetType: string;
  recipient: string | null;
  target: NotificationTarget | null;
  // Why target is null.
  problem?: string;
}

const PEOPLE_HAVE_NO_PHONE = 'SMS to users is not supported: users have no mobile number in this service';

// Turns one notification of an alert configuration into its receivers, when it is sent: people (USER,
// GROUP and ORG role holders, TEAM members, as they are at that moment) become one EMAIL receiver per
// address; an integration type without its own key uses the project's integration of that type. What cannot be reached is returned with the reason, so the delivery log
// shows it instead of dropping it silently.
@Injectable()
export class Recipients {
  constructor(
    private readonly users: UserRecipients,
    private readonly integrations: IntegrationsService,
  ) {}

  async resolve(
    notification: Notification,
    groupId: string,
    orgId: string | null,
  ): Promise<ResolvedReceiver[]> {
    const typeName = notification.typeName;
    switch (typeName) {
      case 'USER': {
        const username = String(notification.username ?? '');
        const email = notification.emailEnabled
          ? await this.users.emailOfProjectMember(groupId, username)
          : null;
        return this.people(
          notification,
          email === null ? [] : [email],
          `user ${username} is no member of the project with an e-mail address`,
        );
      }
      case 'GROUP': {
        const emails = notification.emailEnabled
          ? await this.users.emailsOfProjectRoles(groupId, rolesOf(notification))
          : [];
        return this.people(notification, emails, 'no user with these project roles has an e-mail address');
      }
      case 'ORG': {
        const emails =
          notification.emailEnabled && orgId !== null
            ? await this.users.emailsOfOrg(orgId, rolesOf(notification))
            : [];
        return this.people(
          notification,
          emails,
          'no member of the organization with these roles has an e-mail address',
        );
      }
      case 'TEAM': {
        const teamId = String(notification.teamId ?? '');
        const emails = orgId === null ? null : await this.users.emailsOfTeam(orgId, teamId);
        if (emails === null) {
          return [unreachable(typeName, `team ${teamId} is not a team of the project's organization`)];
        }
        return this.people(
          notification,
          notification.emailEnabled ? emails : [],
          `no member of team ${teamId} has an e-mail address`,
        );
      }
      case 'HIP_CHAT':
      case 'HIPCHAT':
        return [unreachable(typeName, 'HipChat was shut down in 2019')];
      default:
        return [await this.direct(notification, groupId)];
    }
  }

  private async direct(notification: Notification, groupId: string): Promise<ResolvedReceiver> {
    const own = targetFromNotification(notification);
    if (own) return receiver(own);
    const type = notification.typeName;
    if (!(INTEGRATION_TYPES as readonly string[]).includes(type)) {
      return unreachable(type, `the ${type} notification lacks a required field`);
    }
    const settings = await this.integrations.configuredFor(groupId, type as IntegrationType);
    const fromIntegration = settings && targetFromIntegration(settings);
    return fromIntegration
      ? receiver(fromIntegration)
      : unreachable(type, `the project has no usable ${type} integration`);
  }

  private people(notification: Notification, emails: string[], none: string): ResolvedReceiver[] {
    if (!notification.emailEnabled && !notification.smsEnabled) {
      return [unreachable(notification.typeName, 'the notification has neither e-mail nor SMS enabled')];
    }
    const receivers: ResolvedReceiver[] = emails.map((emailAddress) =>
      receiver({ type: 'EMAIL', emailAddress }),
    );
    if (notification.emailEnabled && emails.length === 0)
      receivers.push(unreachable(notification.typeName, none));
    if (notification.smsEnabled) receivers.push(unreachable(notification.typeName, PEOPLE_HAVE_NO_PHONE));
    return receivers;
  }
}

function rolesOf(notification: Notification): string[] {
  return Array.isArray(notification.roles) ? notification.roles.map(String) : [];
}

function receiver(target: NotificationTarget): ResolvedReceiver {
  return { targetType: target.type, recipient: recipientOf(target), target };
}

function unreachable(typeName: string, problem: string): ResolvedReceiver {
  return { targetType: typeName, recipient: null, target: null, problem };
}

// What the log may show of a receiver: never a key, token or webhook URL (they can hold secrets).
export function recipientOf(target: NotificationTarget): string | null {
  switch (target.type) {
    case 'EMAIL':
      return target.emailAddress;
    case 'SMS':
      return target.mobileNumber;
    case 'SLACK':
      return target.channelName;
    default:
      return null;
  }
}
