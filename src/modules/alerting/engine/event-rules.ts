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
