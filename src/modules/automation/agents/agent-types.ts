import { AutomationEventTypes, type AgentEventType } from '../automation.events';

export const AGENT_TYPES = ['AUTOMATION', 'MONITORING', 'BACKUP'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

const UP: Record<AgentType, AgentEventType> = {
  AUTOMATION: AutomationEventTypes.AUTOMATION_AGENT_UP,
  MONITORING: AutomationEventTypes.MONITORING_AGENT_UP,
  BACKUP: AutomationEventTypes.BACKUP_AGENT_UP,
};

const DOWN: Record<AgentType, AgentEventType> = {
  AUTOMATION: AutomationEventTypes.AUTOMATION_AGENT_DOWN,
  MONITORING: AutomationEventTypes.MONITORING_AGENT_DOWN,
  BACKUP: AutomationEventTypes.BACKUP_AGENT_DOWN,
};

// The product names version events for monitoring and backup agents only (in its agent event names).
const VERSION: Partial<Record<AgentType, { behind: AgentEventType; current: AgentEventType }>> = {
  MONITORING: {
    behind: AutomationEventTypes.MONITORING_AGENT_VERSION_BEHIND,
    current: AutomationEventTypes.MONITORING_AGENT_VERSION_CURRENT,
  },
  BACKUP: {
    behind: AutomationEventTypes.BACKUP_AGENT_VERSION_BEHIND,
    current: AutomationEventTypes.BACKUP_AGENT_VERSION_CURRENT,
  },
};

export function upEventOf(type: AgentType): AgentEventType {
  return UP[type];
}

export function downEventOf(type: AgentType): AgentEventType {
  return DOWN[type];
}

export function versionEventsOf(
  type: AgentType,
): { behind: AgentEventType; current: AgentEventType } | undefined {
  return VERSION[type];
}
