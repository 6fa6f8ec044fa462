import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { DOMAIN_EVENT_PREFIX, type DomainEvent } from '../../../platform/events/domain-event';
import { AutomationEventTypes, DeploymentReader } from '../../automation';
import type { NewAlert } from '../alerts/alert-details';
import { AlertsService } from '../alerts/alerts.service';
import { ALERT_SOURCES } from '../catalog/alert-sources';
import { EnabledConfigsCache } from './enabled-configs.cache';
import { agentTargetKey } from './event-rules';
import type { HostFacts } from './host-facts';
import { matchesAll } from './host-matchers';

// The recorded event types that raise informational alerts of the same name (catalog/alert-sources.ts).
// Every domain event is looked at and these are kept, so a context that publishes one (automation,
// identity, deliveries) is never imported for it.
const INFORM_TYPES: ReadonlySet<string> = new Set(
  Object.entries(ALERT_SOURCES)
    .filter(([, source]) => source === 'INFORM')
    .map(([name]) => name),
);

const SELF = 'WEBHOOK_TEMPLATE_RENDER_FAILED';

// A point-in-time event (an audited change, a primary elected, a host restarted) raises one informational
// alert per enabled configuration of its type whose matchers accept it, in the event's transaction. The
// alert is closed from the start and each notification sends it once (X-MMS-Event alert.inform).
@Injectable()
export class InformationalAlerts {
  constructor(
    private readonly alerts: AlertsService,
    private readonly configs: EnabledConfigsCache,
    private readonly deployment: DeploymentReader,
  ) {}

  @OnEvent(`${DOMAIN_EVENT_PREFIX}**`, { suppressErrors: false })
  async onEvent(event: DomainEvent): Promise<void> {
    const groupId = event.groupId;
    if (groupId === undefined || !INFORM_TYPES.has(event.eventTypeName)) return;
    const configs = (await this.configs.of(groupId)).filter(
      (config) => config.eventTypeName === event.eventTypeName,
    );
    if (configs.length === 0) return;
    // A render failure of a WEBHOOK_TEMPLATE_RENDER_FAILED alert's own webhook raises nothing more, or a
    // broken template would feed itself.
    if (
      event.eventTypeName === SELF &&
      configs.some((config) => config.id === event.subject?.alertConfigId)
    ) {
      return;
    }
    const facts = await this.hostFactsOf(groupId, event);
    for (const config of configs) {
      if (config.matchers.length > 0 && (facts === undefined || !matchesAll(config.matchers, facts)))
        continue;
      if (facts !== undefined && !facts.alertsEnabled) continue;
      await this.alerts.inform({ groupId, alertConfigId: config.id, ...this.detailsOf(event, facts) });
    }
  }

  // The host an event concerns, as matchers read it (a removed host is known only by the event).
  private async hostFactsOf(groupId: string, event: DomainEvent): Promise<HostFacts | undefined> {
    const subject = event.subject;
    if (subject?.hostId === undefined || subject.hostname === undefined || subject.port === undefined) {
      return undefined;
    }
    const host = await this.deployment.host(groupId, subject.hostId);
    return {
      hostId: subject.hostId,
      hostname: subject.hostname,
      port: subject.port,
      typeName: host?.typeName ?? (typeof event.raw?.typeName === 'string' ? event.raw.typeName : ''),
      replicaSetName: subject.replicaSetName ?? null,
      clusterName: subject.clusterName ?? null,
      alertsEnabled: host?.alertsEnabled ?? true,
    };
  }

  private detailsOf(
    event: DomainEvent,
    host: HostFacts | undefined,
  ): Omit<NewAlert, 'groupId' | 'alertConfigId'> {
    const eventTypeName = event.eventTypeName;
    const subject = event.subject ?? {};
    if (host !== undefined) {
      return {
        eventTypeName,
        hostId: host.hostId,
        hostnameAndPort: `${host.hostname}:${host.port}`,
        ...(host.replicaSetName === null ? {} : { replicaSetName: host.replicaSetName }),
        ...(host.clusterName === null ? {} : { clusterName: host.clusterName }),
        humanReadable: `${eventTypeName} on ${host.hostname}:${host.port}${versionChange(event)}`,
      };
    }
    if (subject.hostname !== undefined) {
      return {
        eventTypeName,
        targetKey: agentTargetKey(subject.hostname),
        humanReadable: `${eventTypeName} on ${subject.hostname}`,
      };
    }
    if (subject.targetPublicKey !== undefined) {
      return { eventTypeName, humanReadable: `${eventTypeName}: API key ${subject.targetPublicKey}` };
    }
    if (subject.targetUsername !== undefined) {
      return { eventTypeName, humanReadable: `${eventTypeName}: user ${subject.targetUsername}` };
    }
    if (subject.teamId !== undefined) {
      return { eventTypeName, humanReadable: `${eventTypeName}: team ${subject.teamId}` };
    }
    if (subject.alertConfigId !== undefined) {
      return {
        eventTypeName,
        humanReadable: `${eventTypeName}: a webhook of alert configuration ${subject.alertConfigId} was sent the default payload`,
      };
    }
    return { eventTypeName, humanReadable: eventTypeName };
  }
}

const VERSION_EVENTS: ReadonlySet<string> = new Set([
  AutomationEventTypes.VERSION_CHANGED,
  AutomationEventTypes.HOST_UPGRADED,
  AutomationEventTypes.HOST_DOWNGRADED,
]);

// Only a version event tells the versions: the text of an alert describes its own event.
function versionChange(event: DomainEvent): string {
  const raw = event.raw ?? {};
  return VERSION_EVENTS.has(event.eventTypeName) &&
    typeof raw.previousVersion === 'string' &&
    typeof raw.version === 'string'
    ? ` (${raw.previousVersion} -> ${raw.version})`
    : '';
}
