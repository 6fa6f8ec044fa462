import type { DomainEvent } from '../../../platform/events/domain-event';

// Event-based configurations the engine raises from the automation context's events (`domain.<NAME>`):
// the opening event raises an alert of the configuration with that eventTypeName, the closing event
// resolves it. HOST_DOWN alerts concern a host (matchers apply); the agent ones concern the agent's
// machine, named by its hostname (agent alerts take no matchers).
export interface EventRule {
  opening: string;
  closing: string;
  target: 'HOST' | 'AGENT';
}

export const EVENT_RULES: readonly EventRule[] = [
  { opening: 'HOST_DOWN', closing: 'HOST_UP', target: 'HOST' },
  { opening: 'AUTOMATION_AGENT_DOWN', closing: 'AUTOMATION_AGENT_UP', target: 'AGENT' },
  { opening: 'MONITORING_AGENT_DOWN', closing: 'MONITORING_AGENT_UP', target: 'AGENT' },
  { opening: 'BACKUP_AGENT_DOWN', closing: 'BACKUP_AGENT_UP', target: 'AGENT' },
  {
    opening: 'MONITORING_AGENT_VERSION_BEHIND',
    closing: 'MONITORING_AGENT_VERSION_CURRENT',
    target: 'AGENT',
  },
  { opening: 'BACKUP_AGENT_VERSION_BEHIND', closing: 'BACKUP_AGENT_VERSION_CURRENT', target: 'AGENT' },
];

// An alert's own opening or closing is recorded under the same event type as the change in the world that
// caused it (HOST_DOWN, HOST_UP, ...), with the alert as its subject. Only the world's events drive the
// engine: reacting to the alert's record again would end, within the same transaction, the alerts of
// other configurations that the world's event is still ending (and evaluate everything twice).
export function isAlertRecord(event: DomainEvent): boolean {
  return event.subject?.alertId !== undefined;
}

export function ruleOpenedBy(eventTypeName: string): EventRule | undefined {
  return EVENT_RULES.find((rule) => rule.opening === eventTypeName);
}

export function ruleClosedBy(eventTypeName: string): EventRule | undefined {
  return EVENT_RULES.find((rule) => rule.closing === eventTypeName);
}

// The (configuration, target) slot of an agent alert: one per machine the agent runs on.
export function agentTargetKey(hostname: string): string {
  return `agent:${hostname}`;
}

// The hostname an agent alert's slot names.
export function agentHostnameOf(targetKey: string): string {
  return targetKey.startsWith('agent:') ? targetKey.slice('agent:'.length) : targetKey;
}
