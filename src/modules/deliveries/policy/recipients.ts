import { Injectable } from '@nestjs/common';
import type { Notification } from '../../alerting';
import { UserRecipients, type PersonContact } from '../../identity';
import { INTEGRATION_TYPES, IntegrationsService, type IntegrationType } from '../../integrations';
import { targetFromIntegration, targetFromNotification, type NotificationTarget } from '../notifiers';

export interface ResolvedReceiver {
  targetType: string;
  recipient: string | null;
  target: NotificationTarget | null;
  // Why target is null.
  problem?: string;
}

// Turns one notification of an alert configuration into its receivers, when it is sent: people (USER,
// GROUP and ORG role holders, TEAM members, as they are at that moment) become one EMAIL receiver per
// address when emailEnabled and one SMS receiver per mobile number when smsEnabled (the number stored on
// the user, sent through the SMS gateway). A notification of an integration-backed type without a target
// of its own uses the project's integration of that type (saved only while the project has one, which is
// not removed while used). What cannot be reached is returned with the reason, so the delivery log shows
// it instead of dropping it silently.
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
        const contact = await this.users.contactOfProjectMember(groupId, username);
        return this.people(notification, contact === null ? [] : [contact], (what) =>
          contact === null
            ? `user ${username} is no member of the project`
            : `user ${username} has no ${what}`,
        );
      }
      case 'GROUP': {
        const contacts = await this.users.contactsOfProjectRoles(groupId, rolesOf(notification));
        return this.people(
          notification,
          contacts,
          (what) => `no user with these project roles has ${A[what]}`,
        );
      }
      case 'ORG': {
        const contacts = orgId === null ? [] : await this.users.contactsOfOrg(orgId, rolesOf(notification));
        return this.people(
          notification,
          contacts,
          (what) => `no member of the organization with these roles has ${A[what]}`,
        );
      }
      case 'TEAM': {
        const teamId = String(notification.teamId ?? '');
        const contacts = orgId === null ? null : await this.users.contactsOfTeam(orgId, teamId);
        if (contacts === null) {
          return [unreachable(typeName, `team ${teamId} is not a team of the project's organization`)];
        }
        return this.people(notification, contacts, (what) => `no member of team ${teamId} has ${A[what]}`);
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
    if (!fromIntegration) return unreachable(type, `the project has no usable ${type} integration`);
    // A webhook notification's templates shape what goes to the project's webhook too.
    if (fromIntegration.type === 'WEBHOOK') {
      const [bodyTemplate, headersTemplate] = [
        notification.webhookBodyTemplate,
        notification.webhookHeadersTemplate,
      ];
      if (typeof bodyTemplate === 'string' && bodyTemplate !== '')
        fromIntegration.bodyTemplate = bodyTemplate;
      if (typeof headersTemplate === 'string' && headersTemplate !== '') {
        fromIntegration.headersTemplate = headersTemplate;
      }
    }
    return receiver(fromIntegration);
  }

  // One receiver per distinct address of each enabled channel; a channel that reaches nobody is one
  // unreachable receiver saying so (`none` names what is missing).
  private people(
    notification: Notification,
    contacts: PersonContact[],
    none: (what: Channel) => string,
  ): ResolvedReceiver[] {
    if (!notification.emailEnabled && !notification.smsEnabled) {
      return [unreachable(notification.typeName, 'the notification has neither e-mail nor SMS enabled')];
    }
    const receivers: ResolvedReceiver[] = [];
    if (notification.emailEnabled) {
      const emails = distinct(contacts.map((contact) => contact.emailAddress));
      receivers.push(...emails.map((emailAddress) => receiver({ type: 'EMAIL', emailAddress })));
      if (emails.length === 0) receivers.push(unreachable(notification.typeName, none('e-mail address')));
    }
    if (notification.smsEnabled) {
      const numbers = distinct(contacts.map((contact) => contact.mobileNumber));
      receivers.push(...numbers.map((mobileNumber) => receiver({ type: 'SMS', mobileNumber })));
      if (numbers.length === 0) receivers.push(unreachable(notification.typeName, none('mobile number')));
    }
    return receivers;
  }
}

type Channel = 'e-mail address' | 'mobile number';
const A: Record<Channel, string> = {
  'e-mail address': 'an e-mail address',
  'mobile number': 'a mobile number',
};

function distinct(values: Array<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null && value !== ''))].sort();
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
