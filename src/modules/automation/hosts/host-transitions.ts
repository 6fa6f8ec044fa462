import { compareVersions } from '../agents/agent-version';
import { AutomationEventTypes, type HostEventRaw, type HostEventType } from '../automation.events';
import { replicaStateNameOf } from './host-types';
import type { HostEntity } from './host.entity';

type Observed = Pick<HostEntity, 'typeName' | 'up' | 'version' | 'uptimeMsec' | 'replicaSetName'>;

// The product's point-in-time host events a report reveals by comparing a host with what was known
// before: a change of replica-set state (from typeName), of MongoDB version, or an uptime that went
// backwards (a restart). Only a host reported up says anything about its state; first sight (NEW_HOST)
// compares with nothing.
export function hostChangeEvents(previous: Observed | undefined, next: Observed): HostEventType[] {
  if (previous === undefined || !next.up) return [];
  const events: HostEventType[] = [];
  const before = stateOf(previous);
  const after = stateOf(next);
  if (after !== before) {
    if (after === 'PRIMARY') {
      events.push(AutomationEventTypes.HOST_NOW_PRIMARY);
      if (next.replicaSetName !== null) events.push(AutomationEventTypes.PRIMARY_ELECTED);
    }
    if (after === 'SECONDARY') events.push(AutomationEventTypes.HOST_NOW_SECONDARY);
    if (after === 'STANDALONE') events.push(AutomationEventTypes.HOST_NOW_STANDALONE);
    if (after === 'RECOVERING') events.push(AutomationEventTypes.HOST_RECOVERING);
    if (before === 'RECOVERING') events.push(AutomationEventTypes.HOST_RECOVERED);
  }
  if (previous.version !== null && next.version !== null && previous.version !== next.version) {
    events.push(AutomationEventTypes.VERSION_CHANGED);
    const order = compareVersions(next.version, previous.version);
    if (order > 0) events.push(AutomationEventTypes.HOST_UPGRADED);
    if (order < 0) events.push(AutomationEventTypes.HOST_DOWNGRADED);
  }
  if (previous.uptimeMsec !== null && next.uptimeMsec !== null && next.uptimeMsec < previous.uptimeMsec) {
    events.push(AutomationEventTypes.HOST_RESTARTED);
  }
  return events;
}

// The facts of one event, and only its own: a report that changed several things at once gives each event
// what concerns it, so the text of HOST_NOW_PRIMARY never carries the version change of the same report.
export function hostChangeFacts(
  eventTypeName: HostEventType,
  previous: Observed | undefined,
  next: Observed,
): Pick<HostEventRaw, 'previousVersion' | 'version'> {
  if (!VERSION_EVENTS.has(eventTypeName) || !previous?.version || !next.version) return {};
  return { previousVersion: previous.version, version: next.version };
}

const VERSION_EVENTS: ReadonlySet<HostEventType> = new Set([
  AutomationEventTypes.VERSION_CHANGED,
  AutomationEventTypes.HOST_UPGRADED,
  AutomationEventTypes.HOST_DOWNGRADED,
]);

// A host that was down had no observable state: coming back as primary is still a change.
function stateOf(host: Observed): string | undefined {
  if (!host.up) return undefined;
  if (host.typeName === 'STANDALONE' || host.typeName === 'SHARD_STANDALONE') return 'STANDALONE';
  return replicaStateNameOf(host.typeName);
}
